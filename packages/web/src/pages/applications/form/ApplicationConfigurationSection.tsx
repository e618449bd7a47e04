import type { Control } from "react-hook-form";
import { CheckboxField } from "../../../components/form/CheckboxField.tsx";
import { TextField } from "../../../components/form/TextField.tsx";
import type { ApplicationFormValues } from "./application-form-values.ts";
import { FormSection } from "../../../components/form/FormSection.tsx";

interface ApplicationConfigurationSectionProps {
  control: Control<ApplicationFormValues>;
}

/** The manifest's optional settings (the manifest reference), and the application's updates. */
export function ApplicationConfigurationSection({ control }: ApplicationConfigurationSectionProps) {
  return (
    <FormSection
      id="application-form-config"
      title={
        <>
          Configuration <span className="u-text--muted">(optional)</span>
        </>
      }
    >
      <TextField
        control={control}
        name="versionName"
        label="Version name"
        help="Your name for this version (1.2.0), at most 50 characters."
      />
      <TextField
        control={control}
        name="bootPackage"
        label="Boot package"
        help="The package started when an instance boots; the APK's own package when empty."
      />
      <TextField
        control={control}
        name="bootActivity"
        label="Boot activity"
        help="The activity started in the boot package; its launcher activity when empty."
      />
      <TextField
        control={control}
        name="tags"
        label="Tags"
        help="Separated by commas. The tag app_type_automotive marks an automotive application."
      />
      <TextField
        control={control}
        name="features"
        label="Features"
        help="Anbox features to enable, separated by commas (enable_virtual_keyboard)."
      />
      <CheckboxField
        control={control}
        name="watchdogDisabled"
        label="Disable the watchdog"
        help="The watchdog stops an instance whose application crashes or leaves the foreground."
      />
      <TextField
        control={control}
        name="watchdogAllowedPackages"
        label="Packages the watchdog allows in the foreground"
        help="Separated by commas, besides the application's own."
      />
      <CheckboxField
        control={control}
        name="inhibitAutoUpdates"
        label="Inhibit automatic updates"
        help="Keep the application on its image version when the image is updated."
      />
    </FormSection>
  );
}
