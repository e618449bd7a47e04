import type { SubmitEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Cluster } from "@anbox-dashboard/contract";
import { SelectField } from "../../components/form/SelectField.tsx";
import { useFormSubmission } from "../../components/form/use-form-submission.ts";
import { useApplications } from "../../queries/catalog.ts";
import { useRegistryAction } from "../../queries/registry.ts";
import { FormModal } from "../../components/overlays/FormModal.tsx";
import { pushFormSchema, type PushFormValues } from "./push-form.ts";

interface Props {
  clusters: readonly Cluster[];
  /** The cluster whose registry the page shows: proposed first. */
  clusterId: string;
  close: () => void;
}

/** The most applications a cluster lists at once (the largest page). */
const applicationsShown = 100;

/**
 * Pushes the newest published version of one of a cluster's applications to the registry. The
 * cluster's refusal (no published version, automatic mode) shows here; the dialog closes once
 * the cluster has taken the push, whose end a toast tells.
 */
export function PushModal({ clusters, clusterId, close }: Props) {
  const { control, handleSubmit, setError } = useForm<PushFormValues>({
    defaultValues: { clusterId, id: "" },
    mode: "all",
    resolver: zodResolver(pushFormSchema),
  });
  const chosenCluster = useWatch({ control, name: "clusterId" });
  const applications = useApplications({
    subclusters: chosenCluster,
    size: applicationsShown,
    orderBy: "name",
  });
  const push = useRegistryAction();
  const options = applications.data?.metadata ?? [];
  // An application chosen before the cluster changed is not one of this cluster's.
  const chosenId = useWatch({ control, name: "id" });
  const chosenHere = options.some((application) => application.id === chosenId);
  const submission = useFormSubmission({ endsForm: true });
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      const application = options.find((candidate) => candidate.id === values.id);
      if (application === undefined) {
        setError("id", { message: "Choose an application" }, { shouldFocus: true });
        return;
      }
      const sent = { clusterId: values.clusterId, id: application.id, name: application.name };
      await submission.send(sent, async (idempotencyKey) => {
        await push.mutateAsync({ action: "push", ...sent, idempotencyKey });
        close();
      });
    })(event),
  );
  const applicationsProblem = applications.isError
    ? `Cannot list the applications of ${chosenCluster}: ${applications.error.message}`
    : applications.isSuccess && options.length === 0
      ? `Cluster ${chosenCluster} has no applications to push.`
      : undefined;
  return (
    <FormModal
      title="Push an application to the registry"
      close={close}
      onSubmit={submit}
      error={push.error}
      pending={submission.pending}
      submitLabel="Push"
      busyLabel="Pushing…"
    >
      <SelectField
        control={control}
        name="clusterId"
        label="From cluster"
        help="The registry receives the newest published version."
      >
        {clusters.map((cluster) => (
          <option key={cluster.id} value={cluster.id}>
            {cluster.id}
          </option>
        ))}
      </SelectField>
      <SelectField
        control={control}
        name="id"
        label="Application"
        shownValue={chosenHere ? undefined : ""}
        disabled={!applications.isSuccess || options.length === 0}
        problem={applicationsProblem}
      >
        <option value="" disabled>
          {applications.isPending ? "Loading the applications…" : "Choose an application"}
        </option>
        {options.map((application) => (
          <option key={application.id} value={application.id}>
            {application.name}
            {application.published ? "" : " (no published version)"}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
}
