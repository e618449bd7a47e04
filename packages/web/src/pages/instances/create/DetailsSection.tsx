import type { Control } from "react-hook-form";
import { instanceNameMaxLength } from "@anbox-dashboard/contract";
import type { Cluster } from "../../../api/clusters.ts";
import { SelectField } from "../../../components/form/SelectField.tsx";
import { TextField } from "../../../components/form/TextField.tsx";
import type { InstanceCreateFormValues } from "./create-form-values.ts";
import type { InstanceNameCheck } from "./use-instance-name-check.ts";

interface DetailsSectionProps {
  control: Control<InstanceCreateFormValues>;
  /** The resolved values: the cluster shown is the one the form means. */
  values: InstanceCreateFormValues;
  clusters: readonly Cluster[];
  nameCheck: InstanceNameCheck;
}

const nameHelp = `Optional. Letters, digits and hyphens, starting with a letter, at most ${instanceNameMaxLength} characters. Without a name, the cluster names the instance.`;

/** The instance's name (checked live against the cluster) and the cluster it is made on. */
export function DetailsSection({ control, values, clusters, nameCheck }: DetailsSectionProps) {
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-details">
      <h2 className="p-heading--4" id="instance-create-details">
        Details
      </h2>
      <TextField
        control={control}
        name="name"
        label="Name"
        // "free" is only ever said of a name that breaks no rule; a message still wins over it.
        success={nameCheck.state === "free" ? "The name is free" : undefined}
        help={nameCheckHelp(nameCheck) ?? nameHelp}
        live
      />
      {clusters.length > 1 ? (
        <SelectField
          control={control}
          name="clusterId"
          label="Cluster"
          shownValue={values.clusterId}
        >
          {clusters.map((cluster) => (
            <option key={cluster.id} value={cluster.id}>
              {cluster.id}
            </option>
          ))}
        </SelectField>
      ) : (
        // Nothing to choose: say where the instance goes rather than show a one-item select.
        <p className="instance-create__fact">
          <span className="p-form__label">Cluster</span> <strong>{values.clusterId}</strong>
        </p>
      )}
    </section>
  );
}

/** What to say while the name is being looked up, or when the look-up failed. */
function nameCheckHelp(check: InstanceNameCheck): string | undefined {
  if (check.state === "checking") return "Checking whether the name is free…";
  if (check.state === "failed") {
    return `Whether the name is free could not be checked (${check.message}). The cluster checks it again when the instance is created.`;
  }
  return undefined;
}
