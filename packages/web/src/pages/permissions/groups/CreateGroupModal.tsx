import type { SubmitEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "../../../components/form/TextField.tsx";
import { useFormSubmission } from "../../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../../components/form/leave-guard/use-leave-guard.ts";
import { FormModal } from "../../../components/overlays/FormModal.tsx";
import { useCreateGroup } from "../../../queries/permissions.ts";
import { createGroupFormSchema, type CreateGroupFormValues } from "./create-group-form.ts";

interface Props {
  close: () => void;
  /** The group was made: its editor opens next, to give it permissions. */
  onCreated: (name: string) => void;
}

/** Makes a group, with no member and no permission yet; its editor opens once it is made. */
export function CreateGroupModal({ close, onCreated }: Props) {
  const { control, handleSubmit, formState } = useForm<CreateGroupFormValues>({
    defaultValues: { name: "", description: "" },
    mode: "all",
    resolver: zodResolver(createGroupFormSchema),
  });
  const create = useCreateGroup();
  const submission = useFormSubmission({ endsForm: true });
  useLeaveGuard(formState.isDirty && !submission.pending);
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      const sent = { name: values.name.trim(), description: values.description };
      await submission.send(sent, async (idempotencyKey) => {
        await create.mutateAsync({ ...sent, idempotencyKey });
        onCreated(sent.name);
      });
    })(event),
  );
  return (
    <FormModal
      title="Create a group"
      close={close}
      onSubmit={submit}
      error={create.error}
      pending={submission.pending}
      submitLabel="Create group"
      busyLabel="Creating…"
    >
      <TextField control={control} name="name" label="Name" required />
      <TextField control={control} name="description" label="Description" />
    </FormModal>
  );
}
