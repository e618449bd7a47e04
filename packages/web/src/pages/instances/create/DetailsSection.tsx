import type { Control } from "react-hook-form";
import { instanceNameMaxLength } from "@anbox-dashboard/contract";
import type { Cluster } from "../../../api/clusters.ts";
import { TextField } from "../../../components/form/TextField.tsx";
import type { InstanceCreateFormValues } from "./create-form-values.ts";
import {
  nameCheckHelp,
  nameCheckSuccess,
  type NameCheck,
} from "../../../components/form/use-name-check.ts";
import { FormSection } from "../../../components/form/FormSection.tsx";
import { ClusterField } from "../../../components/form/ClusterField.tsx";

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
    <FormSection id="instance-create-details" title="Details">
      <TextField
        control={control}
        name="name"
        label="Name"
        // A message (a rule broken, the name taken) still wins over "free".
        success={nameCheckSuccess(nameCheck)}
        help={nameCheckHelp(nameCheck, "instance") ?? nameHelp}
        live
      />
      {/* Nothing to choose: it says where the instance goes rather than show a one-item select. */}
      <ClusterField
        control={control}
        name="clusterId"
        clusters={clusters}
        shownValue={values.clusterId}
        sayWhere
      />
    </FormSection>
  );
}
