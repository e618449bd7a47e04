import type { SubmitEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { RegistryApplicationView } from "../../api/registry.ts";
import { SelectField } from "../../components/form/SelectField.tsx";
import { useFormSubmission } from "../../components/form/use-form-submission.ts";
import { useRegistryAction } from "../../queries/registry.ts";
import { FormModal } from "../../components/overlays/FormModal.tsx";
import { proposedPullTarget, pullTargets } from "./registry-facts.ts";

const pullFormSchema = z.object({ clusterId: z.string().min(1, "Choose a cluster") });
type PullFormValues = z.infer<typeof pullFormSchema>;

interface Props {
  application: RegistryApplicationView;
  clusterIds: readonly string[];
  close: () => void;
}

/**
 * Pulls a registry application into a cluster: a new application there, or a new version of the
 * one of that name it holds already (marked in the choice). The cluster's refusal shows here.
 */
export function PullModal({ application, clusterIds, close }: Props) {
  const targets = pullTargets(clusterIds, application);
  const { control, handleSubmit } = useForm<PullFormValues>({
    defaultValues: { clusterId: proposedPullTarget(targets) },
    mode: "all",
    resolver: zodResolver(pullFormSchema),
  });
  const pull = useRegistryAction();
  const submission = useFormSubmission({ endsForm: true });
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      const sent = { clusterId: values.clusterId, id: application.id, name: application.name };
      await submission.send(sent, async (idempotencyKey) => {
        await pull.mutateAsync({ action: "pull", ...sent, idempotencyKey });
        close();
      });
    })(event),
  );
  return (
    <FormModal
      title={`Pull ${application.name}`}
      close={close}
      onSubmit={submit}
      error={pull.error}
      pending={submission.pending}
      submitLabel="Pull"
      busyLabel="Pulling…"
    >
      <SelectField
        control={control}
        name="clusterId"
        label="Into cluster"
        help="A cluster that holds it already gets the registry's newest version as a new version."
      >
        {targets.map((target) => (
          <option key={target.clusterId} value={target.clusterId}>
            {target.clusterId}
            {target.holds ? " (holds it already)" : ""}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
}
