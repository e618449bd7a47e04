import type { SubmitEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Cluster } from "@anbox-dashboard/contract";
import { ClusterField } from "../../components/form/ClusterField.tsx";
import { TextField } from "../../components/form/TextField.tsx";
import { useFormSubmission } from "../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../components/form/leave-guard/use-leave-guard.ts";
import { FormModal } from "../../components/overlays/FormModal.tsx";
import { useCreateNode } from "../../queries/nodes.ts";
import {
  addNodeDefaults,
  addNodeFormSchema,
  nodesPostOf,
  type AddNodeFormValues,
} from "./add-node-form.ts";

interface Props {
  clusters: readonly Cluster[];
  close: () => void;
}

/** Adds a (virtual) node to a cluster: its name and size; it comes online by itself. */
export function AddNodeModal({ clusters, close }: Props) {
  const { control, handleSubmit, formState } = useForm<AddNodeFormValues>({
    defaultValues: { ...addNodeDefaults, clusterId: clusters[0]?.id ?? "" },
    mode: "all",
    resolver: zodResolver(addNodeFormSchema),
  });
  const create = useCreateNode();
  const submission = useFormSubmission({ endsForm: true });
  useLeaveGuard(formState.isDirty && !submission.pending);
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      const sent = { clusterId: values.clusterId, node: nodesPostOf(values) };
      await submission.send(sent, async (idempotencyKey) => {
        await create.mutateAsync({ ...sent, idempotencyKey });
        close();
      });
    })(event),
  );
  return (
    <FormModal
      title="Add a node"
      close={close}
      onSubmit={submit}
      error={create.error}
      pending={submission.pending}
      submitLabel="Add node"
      busyLabel="Adding…"
    >
      <ClusterField control={control} name="clusterId" clusters={clusters} />
      <TextField control={control} name="name" label="Name" required />
      <TextField control={control} name="cpus" label="CPUs" />
      <TextField control={control} name="memoryGb" label="Memory (GB)" />
      <TextField control={control} name="diskGb" label="Disk (GB)" />
      <TextField control={control} name="gpuSlots" label="GPU slots" />
    </FormModal>
  );
}
