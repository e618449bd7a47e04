import type { Control } from "react-hook-form";
import { instanceNameMaxLength } from "@anbox-dashboard/contract";
import type { Cluster } from "../../../api/clusters.ts";
import { SelectField } from "../../../components/form/SelectField.tsx";
import { TextField } from "../../../components/form/TextField.tsx";
import type { InstanceCreateFormValues } from "./create-form-values.ts";
import {
  nameCheckHelp,
  nameCheckSuccess,
  type NameCheck,
} from "../../../components/form/use-name-check.ts";

interface DetailsSectionProps {
  control: Control<InstanceCreateFormValues>;
  /** The resolved values: the cluster shown is the one the form means. */
  values: InstanceCreateFormValues;
  clusters: readonly Cluster[];
  nameCheck: NameCheck;
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
        // A message (a rule broken, the name taken) still wins over "free".
        success={nameCheckSuccess(nameCheck)}
        help={nameCheckHelp(nameCheck, "instance") ?? nameHelp}
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
