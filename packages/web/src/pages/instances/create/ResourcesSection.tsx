import { customResourceType, instanceResourcePresets } from "@anbox-dashboard/contract";
import type { InstanceCreateFormValues, SetFormField } from "./create-form-values.ts";
import { SelectField } from "./SelectField.tsx";
import { TextField } from "./TextField.tsx";
import { customLimits, type CreateFormErrors } from "./validate-create-form.ts";

type CustomField = "resourceTypeCpu" | "resourceTypeGpu" | "resourceTypeVpu" | "resourceTypeMemory";

interface ResourcesSectionProps {
  values: InstanceCreateFormValues;
  errors: Pick<CreateFormErrors, CustomField>;
  /** What the choice gives the instance, in words; undefined while custom sizes are wrong. */
  summary: string | undefined;
  setField: SetFormField;
  onBlur: (field: CustomField) => void;
}

const cpuOnlyPresets = instanceResourcePresets.filter((preset) => preset.gpuSlots === 0);
const gpuPresets = instanceResourcePresets.filter((preset) => preset.gpuSlots > 0);

/** The size of the instance: a preset (a2.3 … g10.3) or custom CPU, GPU, VPU and memory. */
export function ResourcesSection({
  values,
  errors,
  summary,
  setField,
  onBlur,
}: ResourcesSectionProps) {
  const custom = values.resourceType === customResourceType;
  const customField = (field: CustomField, label: string, limits: { min: number; max: number }) => (
    <TextField
      id={`instance-${field}`}
      label={label}
      type="number"
      min={limits.min}
      max={limits.max}
      value={values[field]}
      error={errors[field]}
      onChange={(value) => {
        setField(field, value);
      }}
      onBlur={() => {
        onBlur(field);
      }}
    />
  );
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-resources">
      <h2 className="p-heading--4" id="instance-create-resources">
        Resources
      </h2>
      <SelectField
        id="instance-resource-type"
        label="Resource type"
        value={values.resourceType}
        error={undefined}
        help={
          <span aria-live="polite">
            {summary ?? "Correct the sizes below to see what the instance gets."}
          </span>
        }
        onChange={(resourceType) => {
          setField("resourceType", resourceType);
        }}
      >
        <optgroup label="CPU only">
          {cpuOnlyPresets.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name}: {preset.cpus} CPU cores, {preset.memoryGb} GB
            </option>
          ))}
        </optgroup>
        <optgroup label="With a GPU">
          {gpuPresets.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name}: {preset.cpus} CPU cores, {preset.memoryGb} GB, {preset.gpuSlots} GPU
            </option>
          ))}
        </optgroup>
        <option value={customResourceType}>Custom</option>
      </SelectField>
      {custom && (
        <div className="instance-create__custom-resources">
          {customField("resourceTypeCpu", "CPU cores", customLimits.cpus)}
          {customField("resourceTypeGpu", "GPU slots", customLimits.gpuSlots)}
          {customField("resourceTypeVpu", "VPU slots", customLimits.vpuSlots)}
          {customField("resourceTypeMemory", "Memory (GB)", customLimits.memoryGb)}
        </div>
      )}
    </section>
  );
}
