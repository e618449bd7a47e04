import {
  customResolution,
  displayDensities,
  displayFrameRates,
  displayResolutions,
  type InstanceCreateFormValues,
  type SetFormField,
} from "./create-form-values.ts";
import { CheckboxField } from "./CheckboxField.tsx";
import { SelectField } from "./SelectField.tsx";
import { TextField } from "./TextField.tsx";
import type { CreateFormErrors } from "./validate-create-form.ts";

type DisplayField = "displayWidth" | "displayHeight";

interface CapabilitiesSectionProps {
  values: InstanceCreateFormValues;
  errors: Pick<CreateFormErrors, DisplayField>;
  setField: SetFormField;
  onBlur: (field: DisplayField) => void;
}

/**
 * Streaming, and the display Android renders to. The display is shown and sent whether streaming
 * is on or not: Android always draws to a screen of this size, density and frame rate (what
 * screenshots and ADB screen mirroring see too), so it is a setting of the instance, not of the
 * stream. Hiding it behind the checkbox would also lose what was chosen when it is unticked.
 */
export function CapabilitiesSection({
  values,
  errors,
  setField,
  onBlur,
}: CapabilitiesSectionProps) {
  const customSize = values.resolution === customResolution;
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-capabilities">
      <h2 className="p-heading--4" id="instance-create-capabilities">
        Capabilities
      </h2>
      <CheckboxField
        id="instance-enable-streaming"
        label="Enable streaming"
        checked={values.enableStreaming}
        help="The instance can be streamed to a browser through the stream gateway."
        onChange={(enableStreaming) => {
          setField("enableStreaming", enableStreaming);
        }}
      />
      <fieldset className="instance-create__display">
        <legend className="p-heading--5">Display</legend>
        <SelectField
          id="instance-resolution"
          label="Resolution"
          value={values.resolution}
          error={undefined}
          onChange={(resolution) => {
            setField("resolution", resolution);
          }}
        >
          {displayResolutions.map((resolution) => (
            <option key={resolution.value} value={resolution.value}>
              {resolution.width} × {resolution.height}
            </option>
          ))}
          <option value={customResolution}>Custom</option>
        </SelectField>
        {customSize && (
          <div className="instance-create__custom-display">
            {(
              [
                ["displayWidth", "Width (pixels)"],
                ["displayHeight", "Height (pixels)"],
              ] as const
            ).map(([field, label]) => (
              <TextField
                key={field}
                id={`instance-${field}`}
                label={label}
                type="number"
                min={1}
                max={7680}
                value={values[field]}
                error={errors[field]}
                onChange={(value) => {
                  setField(field, value);
                }}
                onBlur={() => {
                  onBlur(field);
                }}
              />
            ))}
          </div>
        )}
        <SelectField
          id="instance-density"
          label="Density (dpi)"
          value={String(values.density)}
          error={undefined}
          onChange={(density) => {
            setField("density", Number(density));
          }}
        >
          {displayDensities.map((density) => (
            <option key={density} value={density}>
              {density}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="instance-fps"
          label="Frame rate (frames per second)"
          value={String(values.fps)}
          error={undefined}
          onChange={(fps) => {
            setField("fps", Number(fps));
          }}
        >
          {displayFrameRates.map((fps) => (
            <option key={fps} value={fps}>
              {fps}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </section>
  );
}
