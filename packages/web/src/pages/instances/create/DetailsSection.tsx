import { instanceNameMaxLength } from "@anbox-dashboard/contract";
import type { Cluster } from "../../../api/clusters.ts";
import type { InstanceCreateFormValues, SetFormField } from "./create-form-values.ts";
import { SelectField } from "./SelectField.tsx";
import { TextField } from "./TextField.tsx";
import type { InstanceNameCheck } from "./use-instance-name-check.ts";

interface DetailsSectionProps {
  values: InstanceCreateFormValues;
  clusters: readonly Cluster[];
  nameError: string | undefined;
  nameCheck: InstanceNameCheck;
  clusterError: string | undefined;
  setField: SetFormField;
}

const nameHelp = `Optional. Letters, digits and hyphens, starting with a letter, at most ${instanceNameMaxLength} characters. Without a name, the cluster names the instance.`;

/** The instance's name (checked live against the cluster) and the cluster it is made on. */
export function DetailsSection({
  values,
  clusters,
  nameError,
  nameCheck,
  clusterError,
  setField,
}: DetailsSectionProps) {
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-details">
      <h2 className="p-heading--4" id="instance-create-details">
        Details
      </h2>
      <TextField
        id="instance-name"
        label="Name"
        value={values.name}
        error={nameError}
        success={
          nameError === undefined && nameCheck.state === "free" ? "The name is free" : undefined
        }
        help={nameCheckHelp(nameCheck) ?? nameHelp}
        live
        onChange={(name) => {
          setField("name", name);
        }}
      />
      {clusters.length > 1 ? (
        <SelectField
          id="instance-cluster"
          label="Cluster"
          value={values.clusterId}
          error={clusterError}
          onChange={(clusterId) => {
            setField("clusterId", clusterId);
          }}
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
