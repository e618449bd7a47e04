import { useEffect, useState, type SubmitEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Cluster } from "@anbox-dashboard/contract";
import { isUploadCancelled, type UploadProgressEvent } from "../../../api/upload-request.ts";
import { CheckboxField } from "../../../components/form/CheckboxField.tsx";
import { FileField } from "../../../components/form/FileField.tsx";
import { RadioGroupField } from "../../../components/form/RadioGroupField.tsx";
import { ClusterField } from "../../../components/form/ClusterField.tsx";
import { TextField } from "../../../components/form/TextField.tsx";
import { useFormSubmission } from "../../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../../components/form/leave-guard/use-leave-guard.ts";
import { FormModal } from "../../../components/overlays/FormModal.tsx";
import { UploadProgress } from "../../../components/upload/UploadProgress.tsx";
import { useAddImage } from "../../../queries/images.ts";
import {
  addImageDefaults,
  addImageFormSchema,
  importOf,
  uploadOf,
  type AddImageFormValues,
  type AddImageMode,
} from "./add-image-form.ts";
import "./_add-image.scss";
import { Notice } from "../../../components/Notice.tsx";

interface Props {
  clusters: readonly Cluster[];
  close: () => void;
}

const modeOptions: readonly { value: AddImageMode; label: string }[] = [
  { value: "import", label: "Import from the image server" },
  { value: "upload", label: "Upload an image package" },
];

const typeOptions = [
  { value: "container", label: "Container" },
  { value: "vm", label: "Virtual machine" },
] as const;

/** File name endings of an image package: a tar, plain or compressed. */
const packageKinds = [".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2"] as const;

/**
 * Adds an image to a cluster: imported by name from its image server, or an image package
 * uploaded from this computer with a progress bar and a way to cancel. The cluster's refusal
 * shows in the form; on success the modal closes, a toast says so and the list refreshes.
 */
export function AddImageModal({ clusters, close }: Props) {
  const { control, handleSubmit, formState } = useForm<AddImageFormValues>({
    defaultValues: { ...addImageDefaults, clusterId: clusters[0]?.id ?? "" },
    mode: "onTouched",
    resolver: zodResolver(addImageFormSchema),
  });
  const mode = useWatch({ control, name: "mode" });
  const add = useAddImage();
  const [progress, setProgress] = useState<UploadProgressEvent>();
  const [upload, setUpload] = useState<AbortController>();
  // Closing the modal (or leaving the page) mid-upload stops the upload; so does a new one.
  useEffect(
    () => () => {
      upload?.abort();
    },
    [upload],
  );

  const submission = useFormSubmission({ endsForm: true });
  useLeaveGuard(formState.isDirty && !submission.pending);
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      const { clusterId } = values;
      if (values.mode === "import") {
        const image = importOf(values);
        await submission.send({ clusterId, image }, async (idempotencyKey) => {
          await add.mutateAsync({ how: "import", clusterId, image, idempotencyKey });
          close();
        });
        return;
      }
      const image = uploadOf(values);
      if (image === undefined) return;
      await submission.send({ clusterId, image }, async (idempotencyKey) => {
        const controller = new AbortController();
        setUpload(controller);
        setProgress({ sent: 0, total: image.file.size });
        try {
          await add.mutateAsync({
            how: "upload",
            clusterId,
            image,
            idempotencyKey,
            signal: controller.signal,
            onProgress: setProgress,
          });
          close();
        } finally {
          setUpload(undefined);
        }
      });
    })(event),
  );

  const uploading = add.isPending && mode === "upload";
  const cancelled = add.isError && isUploadCancelled(add.error);
  return (
    <FormModal
      title="Add image"
      close={close}
      className="add-image-modal"
      onSubmit={submit}
      notice={
        add.isError && (
          <Notice
            kind={cancelled ? "information" : "negative"}
            message={
              cancelled ? "The upload was cancelled: no image was added." : add.error.message
            }
          />
        )
      }
      pending={submission.pending}
      submitLabel={mode === "import" ? "Import image" : "Upload image"}
      busyLabel={mode === "import" ? "Importing…" : "Uploading…"}
    >
      <fieldset className="add-image-modal__fields" disabled={add.isPending}>
        <RadioGroupField control={control} name="mode" legend="Add by" options={modeOptions} />
        <ClusterField control={control} name="clusterId" clusters={clusters} />
        {mode === "upload" && (
          <FileField
            control={control}
            name="file"
            label="Image package"
            required
            accept={packageKinds}
            help="A tar (plain, gzip or bzip2) with a metadata.yaml at its top naming the architecture."
          />
        )}
        <TextField
          control={control}
          name="name"
          label="Name"
          required
          help={
            mode === "import"
              ? "The image's name on the image server, like jammy:android15:amd64."
              : "The name the new image gets on the cluster."
          }
        />
        <RadioGroupField control={control} name="type" legend="Type" options={typeOptions} />
        <CheckboxField
          control={control}
          name="makeDefault"
          label="Make it the default image of its type"
        />
      </fieldset>
      {uploading && progress !== undefined && (
        <UploadProgress
          label="Uploading the image package"
          sent={progress.sent}
          total={progress.total}
          onCancel={() => upload?.abort()}
        />
      )}
    </FormModal>
  );
}
