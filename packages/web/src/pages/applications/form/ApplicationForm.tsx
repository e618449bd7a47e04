import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { ClusterApplication } from "../../../api/applications.ts";
import type { Cluster } from "../../../api/clusters.ts";
import { isUploadCancelled, type UploadProgressEvent } from "../../../api/upload-request.ts";
import { FileField } from "../../../components/form/FileField.tsx";
import { useFormSubmission } from "../../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../../components/form/leave-guard/use-leave-guard.ts";
import { SubmitButton } from "../../../components/form/SubmitButton.tsx";
import { ResourcesSection } from "../../../components/resources/ResourcesSection.tsx";
import { RoomForInstance } from "../../../components/resources/RoomForInstance.tsx";
import { useResourceChoice } from "../../../components/resources/use-resource-choice.ts";
import {
  useWriteApplication,
  type ApplicationWrite,
} from "../../../queries/applications-upload.ts";
import { useImages } from "../../../queries/catalog.ts";
import { useClusterSessionInfo } from "../../../queries/session-info.ts";
import { ApplicationConfigurationSection } from "./ApplicationConfigurationSection.tsx";
import { applicationFormResolver, type ApplicationFormContext } from "./application-form-schema.ts";
import {
  defaultApplicationPreset,
  type ApplicationFormValues,
  type ManifestExtras,
} from "./application-form-values.ts";
import { applicationChange } from "./application-patch.ts";
import { ApplicationSourceSection } from "./ApplicationSourceSection.tsx";
import { imageReferences } from "./image-options.ts";
import { usableImages } from "../../../util/usable-images.ts";
import { ManifestSection } from "./ManifestSection.tsx";
import { UploadProgressInView } from "./UploadProgressInView.tsx";
import { manifestTextOf, readManifestText, type ManifestFields } from "./manifest-mapping.ts";
import { useReportTourFact } from "../../../tour/tour-facts.ts";
import { useApplicationNameCheck } from "./use-application-name-check.ts";
import "./_application-form.scss";
import { CautionNotice } from "../../../components/CautionNotice.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { FormSection } from "../../../components/form/FormSection.tsx";

/** The application being edited: its form values as it is now. */
export interface ApplicationEditing {
  application: ClusterApplication;
  values: ApplicationFormValues;
}

interface ApplicationFormProps {
  clusters: readonly Cluster[];
  /** The first cluster's answer; the chosen cluster's own replaces it once known. */
  ext4RootVolumesSupport: boolean;
  defaultValues: ApplicationFormValues;
  /** On edit: the application; without it the form adds one. */
  editing?: ApplicationEditing;
  /** Opened to upload a new version (the Versions tab's link): the APK field takes the focus. */
  focusApk?: boolean;
}

/** The manifest text the person typed, and the form's manifest it stands for once applied. */
interface ManifestDraft {
  text: string;
  formText: string;
}

const manifestFieldNames = [
  "name",
  "imageId",
  "resourceType",
  "resourceTypeCpu",
  "resourceTypeGpu",
  "resourceTypeVpu",
  "resourceTypeMemory",
  "versionName",
  "bootPackage",
  "bootActivity",
  "tags",
  "features",
  "watchdogDisabled",
  "watchdogAllowedPackages",
  "manifestExtras",
] as const satisfies readonly (keyof ManifestFields)[];

/**
 * The application form, to add an application or to edit one. Adding uploads the manifest the
 * form makes and the APK (`POST /api/applications`); on edit, a new APK makes a new version
 * (`POST .../version`) and other changes patch the application (`PATCH`). The upload shows its
 * progress and can be cancelled; the cluster's refusal shows at the top of the form, which keeps
 * what was typed. The manifest can be edited as text, and the fields follow.
 */
export function ApplicationForm({
  clusters,
  ext4RootVolumesSupport: firstClusterExt4,
  defaultValues,
  editing,
  focusApk = false,
}: ApplicationFormProps) {
  const navigate = useNavigate();
  const failureRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadProgressEvent>({ sent: 0, total: 0 });
  const [editorOpen, setEditorOpen] = useState(false);
  const [draft, setDraft] = useState<ManifestDraft>();

  // The cluster and type whose images are listed (they change with the fields, below).
  const [listed, setListed] = useState({
    clusterId: defaultValues.clusterId,
    containerOrVm: defaultValues.containerOrVm,
  });
  const listedRef = useRef(listed);
  const images = useImages(listed.containerOrVm);
  const imageItems = usableImages(images.data ?? [], listed.clusterId, listed.containerOrVm);
  // The name is checked as it is typed: the name and cluster come from the form's subscription
  // (below), as the form is made after its rules' context.
  const [typed, setTyped] = useState({
    clusterId: defaultValues.clusterId,
    name: defaultValues.name,
  });
  const submission = useFormSubmission({ endsForm: true });
  // Not while the form is sent: the new application's own events would call its name taken.
  const checking = editing === undefined && !submission.pending;
  const nameCheck = useApplicationNameCheck(checking, typed.clusterId, typed.name);
  const context: ApplicationFormContext = {
    mode: editing === undefined ? "add" : "edit",
    images: images.data === undefined ? undefined : imageReferences(imageItems),
    ...(editing === undefined ? {} : { bootPackage: editing.values.bootPackage }),
    ...(nameCheck.state === "taken" ? { takenName: typed.name } : {}),
  };
  const {
    control,
    handleSubmit,
    setValue,
    trigger,
    setError,
    setFocus,
    formState,
    subscribe,
    getValues,
  } = useForm<ApplicationFormValues, ApplicationFormContext>({
    defaultValues,
    mode: "all",
    resolver: applicationFormResolver,
    context,
  });
  const watchedValues = useWatch({ control });
  const values: ApplicationFormValues = {
    ...defaultValues,
    ...watchedValues,
    // Set whole by the manifest editor, never in part: `useWatch` types it as partial.
    manifestExtras: (watchedValues.manifestExtras ??
      defaultValues.manifestExtras) as ManifestExtras,
  };

  // What the tour's first steps ask for (tour-facts.ts): a name the form accepts, and the APK.
  useReportTourFact(
    "application-named",
    values.name.trim() !== "" && formState.errors.name === undefined,
  );
  useReportTourFact("apk-chosen", values.apk !== null);

  // Focused once, when the form opens for a new version; scrolled to, so that it shows at 375 wide.
  useEffect(() => {
    if (focusApk) setFocus("apk", { shouldSelect: false });
  }, [focusApk, setFocus]);

  // The check answers after the name was typed: check the name again with its answer, so that
  // "already exists" comes and goes with it.
  const takenName = context.takenName;
  useEffect(() => {
    if (getValues("name") !== "") void trigger("name");
  }, [takenName, getValues, trigger]);

  // Another cluster or type has other images: its default is chosen, as the person expects.
  // (And the name check follows the name and the cluster.)
  useEffect(() => {
    return subscribe({
      name: ["clusterId", "containerOrVm", "name"],
      formState: { values: true },
      callback: ({ values: changed }) => {
        setTyped({ clusterId: changed.clusterId, name: changed.name });
        const next = { clusterId: changed.clusterId, containerOrVm: changed.containerOrVm };
        const last = listedRef.current;
        if (last.clusterId === next.clusterId && last.containerOrVm === next.containerOrVm) return;
        listedRef.current = next;
        setListed(next);
        setValue("imageId", "");
      },
    });
  }, [subscribe, setValue]);

  const clusterInfo = useClusterSessionInfo(values.clusterId);
  const resources = {
    ...values,
    resourceType: values.resourceType === "" ? defaultApplicationPreset : values.resourceType,
  };
  const { summary, room } = useResourceChoice(resources, {
    clusterId: values.clusterId,
    type: values.containerOrVm,
    ext4RootVolumesSupport: clusterInfo.data?.ext4_root_volumes_support ?? firstClusterExt4,
    applicationId: editing?.application.id ?? "",
  });
  const noRoom = room.state === "full";

  // The manifest shown: the person's text while it still says what the form holds (their
  // layout and comments stay), the form's own once a field changed it.
  const formText = manifestTextOf(values);
  const shownText = draft?.formText === formText ? draft.text : formText;
  const editManifest = (text: string) => {
    const reading = readManifestText(text);
    if (!reading.ok) {
      setDraft({ text, formText });
      return;
    }
    for (const name of manifestFieldNames) {
      setValue(name, reading.fields[name], { shouldDirty: true });
    }
    setDraft({ text, formText: manifestTextOf({ ...values, ...reading.fields }) });
    void trigger();
  };

  const writing = useWriteApplication();
  const failure = writing.error;
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  useLeaveGuard(formState.isDirty && !submission.pending);
  // Sent once per submission; `write` is made with the submission's key (the same on a retry of
  // an upload that got no answer, see useFormSubmission).
  // `asked` is what the write asks, to tell a retry of it from a new submission.
  const send = (asked: unknown, write: (idempotencyKey: string) => ApplicationWrite) =>
    submission.send(asked, async (idempotencyKey) => {
      const sent = write(idempotencyKey);
      const { clusterId, id } = await writing.mutateAsync(sent);
      const page = `/applications/${encodeURIComponent(clusterId)}/${encodeURIComponent(id)}`;
      await navigate(sent.kind === "version" ? `${page}/versions` : page);
    });

  // Guarded when sent, not at render: the handler reaches the upload's abort ref.
  const submit = (submitted: SubmitEvent<HTMLFormElement>) => {
    submission.guard(sendForm)(submitted);
  };
  const sendForm = (event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (valid) => {
      const manifest = shownText === formText && draft !== undefined ? draft.text : formText;
      const upload = () => {
        const controller = new AbortController();
        abortRef.current = controller;
        setProgress({ sent: 0, total: valid.apk?.size ?? 0 });
        return { signal: controller.signal, onProgress: setProgress };
      };
      if (editing === undefined) {
        const apk = valid.apk;
        if (apk === null) return;
        const asked = { ...valid, manifest };
        await send(asked, (idempotencyKey) => ({
          kind: "create",
          clusterId: valid.clusterId,
          name: valid.name,
          manifest,
          instanceType: valid.containerOrVm,
          apk,
          inhibitAutoUpdates: valid.inhibitAutoUpdates,
          idempotencyKey,
          ...upload(),
        }));
        return;
      }
      const { clusterId, id, name } = editing.application;
      const apk = valid.apk;
      if (apk !== null) {
        const asked = { id, manifest, apk };
        await send(asked, (idempotencyKey) => ({
          kind: "version",
          ...{ clusterId, id, name, manifest, apk, idempotencyKey },
          ...upload(),
        }));
        return;
      }
      const change = applicationChange(editing.values, valid);
      if (change.kind === "nothing") {
        setError("root", { message: "Nothing was changed: there is nothing to save." });
      } else if (change.kind === "needs-version") {
        setError("root", {
          message: `Changing ${change.keys.join(", ")} makes a new version: choose its APK too.`,
        });
      } else {
        await send(change.patch, () => ({
          kind: "update",
          clusterId,
          id,
          name,
          patch: change.patch,
        }));
      }
    })(event);

  const uploading = writing.isPending && writing.variables.kind !== "update";
  const cancelled = failure !== null && isUploadCancelled(failure);
  const backTo =
    editing === undefined
      ? "/applications"
      : `/applications/${encodeURIComponent(editing.application.clusterId)}/${encodeURIComponent(editing.application.id)}`;
  const action = editing === undefined ? "Add application" : "Save";
  const extrasProblem = formState.errors.manifestExtras?.message;
  return (
    <form className="p-form application-form" noValidate onSubmit={submit}>
      {failure !== null && (
        <Notice
          kind={cancelled ? "caution" : "negative"}
          className="application-form__failure"
          focusRef={failureRef}
          title={
            cancelled
              ? "The upload was cancelled"
              : editing === undefined
                ? "The application was not added"
                : "The application was not changed"
          }
          message={
            cancelled ? "Nothing was added. Send the form again to upload it." : failure.message
          }
        />
      )}
      {formState.errors.root?.message !== undefined && (
        <CautionNotice>{formState.errors.root.message}</CautionNotice>
      )}
      {/* What every application needs first (the tour's "essential information"), then the
          rest, which has sound defaults. */}
      <div data-tour="essential-information">
        <ApplicationSourceSection
          control={control}
          values={values}
          clusters={clusters}
          images={{ items: imageItems, isPending: images.isPending, error: images.error }}
          locked={editing !== undefined}
          nameCheck={nameCheck}
        />
        <FormSection id="application-form-package" title="Package">
          <FileField
            control={control}
            name="apk"
            label="APK file"
            required={editing === undefined}
            accept={[".apk"]}
            disabled={uploading}
            help={
              editing === undefined
                ? "The Android package of the application. It is checked here before it is uploaded."
                : "Optional: a new APK makes a new version of the application (with this manifest). Without one, the changes update the application."
            }
          />
          {uploading && (
            <UploadProgressInView
              label={`Uploading ${values.apk?.name ?? "the APK"}`}
              sent={progress.sent}
              total={progress.total}
              onCancel={() => abortRef.current?.abort()}
            />
          )}
        </FormSection>
      </div>
      <div data-tour="explore-advance-details">
        <ResourcesSection control={control} values={resources} summary={summary} />
        <RoomForInstance room={room} />
        <ApplicationConfigurationSection control={control} />
        <ManifestSection
          open={editorOpen}
          onOpenChange={setEditorOpen}
          text={shownText}
          onTextChange={editManifest}
          problems={extrasProblem}
        />
      </div>
      <div className="form-actions">
        {noRoom && (
          <p className="form-actions__blocked">
            {editing === undefined ? "Adding" : "Saving"} is unavailable: no node can take an
            instance of this size now. <Link to="/nodes">See the nodes</Link>
          </p>
        )}
        <Link className="p-button" to={backTo}>
          Cancel
        </Link>
        <SubmitButton
          className="p-button--positive"
          disabled={submission.pending || noRoom}
          busy={submission.pending}
          busyLabel={uploading ? "Uploading…" : "Saving…"}
          tourTarget="add-application-submit"
        >
          {action}
        </SubmitButton>
      </div>
    </form>
  );
}
