import type { FieldValues } from "react-hook-form";
import { LockedFact } from "./LockedFact.tsx";
import { SelectField } from "./SelectField.tsx";
import type { FieldBinding } from "./use-form-field.ts";

interface Props<Values extends FieldValues> extends FieldBinding<Values, string> {
  clusters: readonly { id: string }[];
  /** The cluster the form goes to until one is chosen (`SelectField`'s shownValue). */
  shownValue?: string;
  /** With one cluster, say where it goes (a page's form) rather than show nothing (a dialog's). */
  sayWhere?: boolean;
}

/** Which cluster a form puts what it makes on: nothing to choose with one cluster. */
export function ClusterField<Values extends FieldValues>({
  clusters,
  shownValue,
  sayWhere = false,
  ...binding
}: Props<Values>) {
  const [only] = clusters;
  if (clusters.length < 2) {
    return sayWhere && only ? <LockedFact label="Cluster" value={only.id} /> : null;
  }
  return (
    <SelectField {...binding} label="Cluster" shownValue={shownValue}>
      {clusters.map((cluster) => (
        <option key={cluster.id} value={cluster.id}>
          {cluster.id}
        </option>
      ))}
    </SelectField>
  );
}
