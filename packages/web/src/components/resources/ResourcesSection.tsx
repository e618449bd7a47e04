import { useId } from "react";
import type { Control, FieldPathByValue, FieldValues } from "react-hook-form";
import {
  customResourceType,
  instanceResourcePresets,
  instanceSizeLimits,
} from "@anbox-dashboard/contract";
import { NumberField } from "../form/NumberField.tsx";
import { SelectField } from "../form/SelectField.tsx";
import type { ResourceFormValues } from "./resource-form-values.ts";
import "./_resources.scss";

interface ResourcesSectionProps<Values extends ResourceFormValues & FieldValues> {
  control: Control<Values>;
  /** The resolved values: the preset shown is the one the form means. */
  values: ResourceFormValues;
  /** What the choice gives an instance, in words; undefined while custom sizes are wrong. */
  summary: string | undefined;
}

/**
 * The field of a resource value. Every form holding `ResourceFormValues` has these paths, which
 * TypeScript cannot see through a generic `Values`: the constraint above is what makes it true.
 */
function fieldOf<Values extends ResourceFormValues & FieldValues>(
  name: keyof ResourceFormValues,
): FieldPathByValue<Values, string> {
  return name as FieldPathByValue<Values, string>;
}

const cpuOnlyPresets = instanceResourcePresets.filter((preset) => preset.gpuSlots === 0);
const gpuPresets = instanceResourcePresets.filter((preset) => preset.gpuSlots > 0);

/**
 * The size of an instance: a preset (a2.3 … g10.3) or custom CPU, GPU, VPU and memory. One
 * section for every form that sizes instances (the instance form, the application form).
 */
export function ResourcesSection<Values extends ResourceFormValues & FieldValues>({
  control,
  values,
  summary,
}: ResourcesSectionProps<Values>) {
  const headingId = useId();
  return (
    <section className="resources-section" aria-labelledby={headingId}>
      <h2 className="p-heading--4" id={headingId}>
        Resources
      </h2>
      <SelectField
        control={control}
        name={fieldOf<Values>("resourceType")}
        label="Resource type"
        shownValue={values.resourceType}
        help={
          <span aria-live="polite">
            {summary ?? "Correct the sizes below to see what an instance gets."}
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
        <div className="resources-section__custom">
          <NumberField
            control={control}
            name={fieldOf<Values>("resourceTypeCpu")}
            label="CPU cores"
            bounds={instanceSizeLimits.cpus}
          />
          <NumberField
            control={control}
            name={fieldOf<Values>("resourceTypeGpu")}
            label="GPU slots"
            bounds={instanceSizeLimits.gpuSlots}
          />
          <NumberField
            control={control}
            name={fieldOf<Values>("resourceTypeVpu")}
            label="VPU slots"
            bounds={instanceSizeLimits.vpuSlots}
          />
          <NumberField
            control={control}
            name={fieldOf<Values>("resourceTypeMemory")}
            label="Memory"
            unit="GB"
            bounds={instanceSizeLimits.memoryGb}
          />
        </div>
      )}
    </section>
  );
}
