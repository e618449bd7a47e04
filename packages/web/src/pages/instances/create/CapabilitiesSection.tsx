import type { Control } from "react-hook-form";
import { instanceSizeLimits } from "@anbox-dashboard/contract";
import { CheckboxField } from "../../../components/form/CheckboxField.tsx";
import { NumberField } from "../../../components/form/NumberField.tsx";
import { SelectField } from "../../../components/form/SelectField.tsx";
import { useReportTourFact } from "../../../tour/tour-facts.ts";
import {
  customResolution,
  displayDensities,
  displayFrameRates,
  displayResolutions,
  type InstanceCreateFormValues,
} from "./create-form-values.ts";
import { FormSection } from "../../../components/form/FormSection.tsx";

interface CapabilitiesSectionProps {
  control: Control<InstanceCreateFormValues>;
  values: InstanceCreateFormValues;
}

/**
 * Streaming, and the display Android renders to. The display is shown and sent whether streaming
 * is on or not: Android always draws to a screen of this size, density and frame rate (what
 * screenshots and ADB screen mirroring see too), so it is a setting of the instance, not of the
 * stream. Hiding it behind the checkbox would also lose what was chosen when it is unticked.
 */
export function CapabilitiesSection({ control, values }: CapabilitiesSectionProps) {
  // What the tour's Capabilities step asks for (tour-facts.ts).
  useReportTourFact("streaming-enabled", values.enableStreaming);
  return (
    <FormSection
      id="instance-create-capabilities"
      title="Capabilities"
      tourTarget="instance-capabilities"
    >
      <CheckboxField
        control={control}
        name="enableStreaming"
        label="Enable streaming"
        help="The instance can be streamed to a browser through the stream gateway."
      />
      <fieldset className="instance-create__display">
        <legend className="p-heading--5">Display</legend>
        <SelectField control={control} name="resolution" label="Resolution">
          {displayResolutions.map((resolution) => (
            <option key={resolution.value} value={resolution.value}>
              {resolution.width} × {resolution.height}
            </option>
          ))}
          <option value={customResolution}>Custom</option>
        </SelectField>
        {values.resolution === customResolution && (
          <div className="instance-create__custom-display">
            <NumberField
              control={control}
              name="displayWidth"
              label="Width"
              unit="pixels"
              bounds={instanceSizeLimits.displayPixels}
            />
            <NumberField
              control={control}
              name="displayHeight"
              label="Height"
              unit="pixels"
              bounds={instanceSizeLimits.displayPixels}
            />
          </div>
        )}
        <SelectField control={control} name="density" label="Density (dpi)">
          {displayDensities.map((density) => (
            <option key={density} value={density}>
              {density}
            </option>
          ))}
        </SelectField>
        <SelectField control={control} name="fps" label="Frame rate (frames per second)">
          {displayFrameRates.map((fps) => (
            <option key={fps} value={fps}>
              {fps}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </FormSection>
  );
}
