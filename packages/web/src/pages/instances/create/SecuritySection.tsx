import type { Control } from "react-hook-form";
import { CheckboxField } from "../../../components/form/CheckboxField.tsx";
import type { InstanceCreateFormValues } from "./create-form-values.ts";
import { FormSection } from "../../../components/form/FormSection.tsx";

/** Settings that guard the instance once it exists. */
export function SecuritySection({ control }: { control: Control<InstanceCreateFormValues> }) {
  return (
    <FormSection id="instance-create-security" title="Security">
      <CheckboxField
        control={control}
        name="deleteProtected"
        label="Delete protection"
        help="The instance cannot be deleted until the protection is turned off."
      />
    </FormSection>
  );
}
