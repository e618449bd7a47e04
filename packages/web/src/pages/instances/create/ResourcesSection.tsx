import type { Control } from "react-hook-form";
import {
  customResourceType,
  instanceResourcePresets,
  instanceSizeLimits,
} from "@anbox-dashboard/contract";
import { NumberField } from "../../../components/form/NumberField.tsx";
import { SelectField } from "../../../components/form/SelectField.tsx";
import type { InstanceCreateFormValues } from "./create-form-values.ts";

interface ResourcesSectionProps {
  control: Control<InstanceCreateFormValues>;
  /** The resolved values: the preset shown is the one the form means. */
  values: InstanceCreateFormValues;
  /** What the choice gives the instance, in words; undefined while custom sizes are wrong. */
  summary: string | undefined;
}

const cpuOnlyPresets = instanceResourcePresets.filter((preset) => preset.gpuSlots === 0);
const gpuPresets = instanceResourcePresets.filter((preset) => preset.gpuSlots > 0);

/** The size of the instance: a preset (a2.3 … g10.3) or custom CPU, GPU, VPU and memory. */
export function ResourcesSection({ control, values, summary }: ResourcesSectionProps) {
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-resources">
      <h2 className="p-heading--4" id="instance-create-resources">
        Resources
      </h2>
      <SelectField
        control={control}
        name="resourceType"
        label="Resource type"
        shownValue={values.resourceType}
        help={
          <span aria-live="polite">
            {summary ?? "Correct the sizes below to see what the instance gets."}
          </span>
        }
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
      {values.resourceType === customResourceType && (
        <div className="instance-create__custom-resources">
          <NumberField
            control={control}
            name="resourceTypeCpu"
            label="CPU cores"
            bounds={instanceSizeLimits.cpus}
          />
          <NumberField
            control={control}
            name="resourceTypeGpu"
            label="GPU slots"
            bounds={instanceSizeLimits.gpuSlots}
          />
          <NumberField
            control={control}
            name="resourceTypeVpu"
            label="VPU slots"
            bounds={instanceSizeLimits.vpuSlots}
          />
          <NumberField
            control={control}
            name="resourceTypeMemory"
            label="Memory"
            unit="GB"
            bounds={instanceSizeLimits.memoryGb}
          />
        </div>
      )}
    </section>
  );
}
