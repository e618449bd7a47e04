import type { SubmitEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ClusterNode } from "../../api/nodes.ts";
import { CheckboxField } from "../../components/form/CheckboxField.tsx";
import { SubmitButton } from "../../components/form/SubmitButton.tsx";
import { useFormSubmission } from "../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../components/form/leave-guard/use-leave-guard.ts";
import { TextField } from "../../components/form/TextField.tsx";
import { useUpdateNode } from "../../queries/nodes.ts";
import {
  nodeEditFormSchema,
  nodeEditFormValuesOf,
  nodePatchOf,
  type NodeEditFormValues,
} from "./node-edit-form.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

interface Props {
  node: ClusterNode;
}

/**
 * What can be changed of a node: its CPU and memory allocation rates, GPU and VPU slots, tags and
 * whether it takes new instances. Only what changed is sent; the contract's rules check it first.
 * Shown only to who may edit the node (the panel shows the others `NodeSettings`).
 */
export function NodeEditForm({ node }: Props) {
  const { control, handleSubmit } = useForm<NodeEditFormValues>({
    // The node's settings as they are now: a change (saved here, or by someone else) updates
    // the fields in place, so the focus stays where it was; what is being typed is kept.
    values: nodeEditFormValuesOf(node),
    resetOptions: { keepDirtyValues: true },
    mode: "all",
    resolver: zodResolver(nodeEditFormSchema(node)),
  });
  const update = useUpdateNode();
  const values: NodeEditFormValues = { ...nodeEditFormValuesOf(node), ...useWatch({ control }) };
  const changed = Object.keys(nodePatchOf(values, node)).length > 0;

  const submission = useFormSubmission({ endsForm: false });
  useLeaveGuard(changed && !submission.pending);
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      // Once the cluster applied it, the node's event refreshes the panel with the new settings.
      // A refusal is the mutation's to show (above the fields).
      await update.mutateAsync({ node, patch: nodePatchOf(values, node) }).catch(() => undefined);
    })(event),
  );

  return (
    <form className="p-form node-edit-form" noValidate onSubmit={submit}>
      {update.isError && (
        <ErrorNotice title="The node was not changed" heading="h3" error={update.error} />
      )}
      <TextField
        control={control}
        name="cpuAllocationRate"
        label="CPU allocation rate"
        help="How many times its CPUs the node hands out (over 0, at most 100)."
      />
      <TextField
        control={control}
        name="memoryAllocationRate"
        label="Memory allocation rate"
        help="How many times its memory the node hands out (over 0, at most 100)."
      />
      <TextField control={control} name="gpuSlots" label="GPU slots" />
      <TextField control={control} name="vpuSlots" label="VPU slots" />
      <TextField
        control={control}
        name="tags"
        label="Tags"
        help="Comma-separated; applications choose nodes by tag."
      />
      <CheckboxField
        control={control}
        name="unschedulable"
        label="Unschedulable"
        help="Takes no new instances; those on it keep running."
      />
      <SubmitButton
        className="p-button--positive"
        busy={submission.pending}
        busyLabel="Saving…"
        disabled={!changed || submission.pending}
      >
        Save changes
      </SubmitButton>
      {!changed && <p className="p-form-help-text">Nothing changed yet.</p>}
    </form>
  );
}
