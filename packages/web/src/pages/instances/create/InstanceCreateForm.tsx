import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { createFormControl, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { Cluster } from "../../../api/clusters.ts";
import { SubmitButton } from "../../../components/form/SubmitButton.tsx";
import { useFormSubmission } from "../../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../../components/form/leave-guard/use-leave-guard.ts";
import { ResourcesSection } from "../../../components/resources/ResourcesSection.tsx";
import { RoomForInstance } from "../../../components/resources/RoomForInstance.tsx";
import { useQuotas } from "../../../queries/quotas.ts";
import { QuotaForInstance, quotaBlocks } from "./QuotaForInstance.tsx";
import { useResourceChoice } from "../../../components/resources/use-resource-choice.ts";
import { instanceIdOf } from "../../../api/instances.ts";
import { useCreateInstance } from "../../../queries/instances.ts";
import { useClusterSessionInfo } from "../../../queries/session-info.ts";
import { buildCreateRequest } from "./build-create-request.ts";
import { CapabilitiesSection } from "./CapabilitiesSection.tsx";
import { createFormResolver, type CreateFormContext } from "./create-form-schema.ts";
import { initialFormValues, type InstanceCreateFormValues } from "./create-form-values.ts";
import { DetailsSection } from "./DetailsSection.tsx";
import { chosenClusterId, resolveFormValues } from "./resolve-form-values.ts";
import { SecuritySection } from "./SecuritySection.tsx";
import { SourceSection } from "./SourceSection.tsx";
import { useInstanceNameCheck } from "./use-instance-name-check.ts";
import { useSourceOptions } from "./use-source-options.ts";
import { Notice } from "../../../components/Notice.tsx";

interface InstanceCreateFormProps {
  clusters: readonly Cluster[];
  /**
   * Whether the first cluster's containers get the larger default disk (SPEC section 9); the
   * chosen cluster's own answer replaces it once known.
   */
  ext4RootVolumesSupport: boolean;
  /** Choices made before the form opened (`?image=` from an image's "Create instance"). */
  preset?: Partial<InstanceCreateFormValues>;
}

/**
 * The instance creation form. "Create" leaves the new instance stopped; "Create and start" starts
 * it. The cluster answers with an operation at once: the page then moves to the new instance, and
 * a toast tells if the operation fails later. A refusal of the request itself (nothing fits, the
 * name was taken meanwhile) is shown at the top of the form, which keeps what was typed.
 *
 * react-hook-form keeps what the person chose; the choices the form makes by itself (the first
 * cluster, the default image, the application's size) are derived at each render from the lists
 * (`resolveFormValues`) and shown, checked and sent in place of an empty choice. A field's message
 * shows once it was left or the form sent (the name's as it is typed); sending a wrong form
 * moves the focus to the first wrong field.
 */
export function InstanceCreateForm({
  clusters,
  ext4RootVolumesSupport: firstClusterExt4,
  preset,
}: InstanceCreateFormProps) {
  const navigate = useNavigate();
  const failureRef = useRef<HTMLDivElement>(null);

  // The control is made before `useForm`: the lists that the rules need (the chosen cluster's
  // applications and images, the name check) depend on the values, and `useForm` takes the rules.
  const [{ control, formControl }] = useState(() =>
    createFormControl<InstanceCreateFormValues, CreateFormContext>({
      defaultValues: { ...initialFormValues, ...preset },
      mode: "all",
    }),
  );
  const values: InstanceCreateFormValues = { ...initialFormValues, ...useWatch({ control }) };

  const clusterId = chosenClusterId(values, clusters);
  // Each cluster says whether it supports ext4 root volumes (the default disk depends on it); the
  // first cluster's answer, which the page has already, stands in until the chosen one answers.
  const clusterInfo = useClusterSessionInfo(clusterId);
  const ext4RootVolumesSupport = clusterInfo.data?.ext4_root_volumes_support ?? firstClusterExt4;
  const sources = useSourceOptions(values.sourceType, clusterId, values.containerOrVm);
  const nameCheck = useInstanceNameCheck(clusterId, values.name);
  const context: CreateFormContext = {
    clusters,
    applications: sources.applications.items,
    images: sources.images.items,
    takenName: nameCheck.state === "taken" ? values.name : undefined,
  };
  const resolved = resolveFormValues(values, context);
  const { handleSubmit, trigger, getValues, formState } = useForm({
    formControl,
    mode: "all",
    resolver: createFormResolver,
    context,
  });

  // The live check answers after the name was typed (or the cluster changed): check the name
  // again with its answer, so that "already exists" comes and goes with it.
  const takenName = context.takenName;
  useEffect(() => {
    if (getValues("name") !== "") void trigger("name");
  }, [takenName, getValues, trigger]);

  // Another application chosen: its own newest version is meant, not the number picked for the
  // last one (a version preset by the link stays: the application it names arrives with the list).
  const chosenApplication = resolved.applicationId;
  const shownApplication = useRef(chosenApplication);
  useEffect(() => {
    if (shownApplication.current !== "" && shownApplication.current !== chosenApplication) {
      formControl.setValue("applicationVersion", "");
    }
    shownApplication.current = chosenApplication;
  }, [chosenApplication, formControl]);

  const {
    summary: resourceSummary,
    room,
    request: resourceRequest,
  } = useResourceChoice(resolved, {
    clusterId,
    type: resolved.containerOrVm,
    ext4RootVolumesSupport,
    applicationId: resolved.sourceType === "application" ? resolved.applicationId : "",
  });
  // The cluster's scheduler says nothing fits now: the create would only fail.
  const noRoom = room.state === "full";
  // A quota of the user's groups would refuse it (the server decides again when it is sent).
  const quotas = useQuotas().data ?? [];
  const overQuota = quotaBlocks(quotas, clusterId, resourceRequest);

  const creation = useCreateInstance(async (operation, { clusterId: cluster }) => {
    const id = instanceIdOf(operation);
    await navigate(
      id === undefined
        ? "/instances"
        : `/instances/${encodeURIComponent(cluster)}/${encodeURIComponent(id)}`,
    );
  });

  // A refusal is shown at the top of the form, likely out of view from the buttons: move the
  // focus there, which scrolls to it and has it read out.
  const failure = creation.error;
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const submission = useFormSubmission({ endsForm: true });
  useLeaveGuard(formState.isDirty && !submission.pending);
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) => {
    // Which of the two buttons sent the form (Enter in a field counts as the first, "Create").
    const start = event.nativeEvent.submitter?.getAttribute("value") === "start";
    return handleSubmit(async (valid) => {
      const sent = {
        clusterId: valid.clusterId,
        request: buildCreateRequest(valid, { ext4RootVolumesSupport, start }),
        start,
      };
      await submission.send(sent, (idempotencyKey) =>
        creation.mutateAsync({ ...sent, idempotencyKey }),
      );
    })(event);
  });

  const startingToo = creation.variables?.start === true;
  return (
    <form className="p-form instance-create" noValidate onSubmit={submit}>
      {creation.isError && (
        <Notice
          kind="negative"
          className="instance-create__failure"
          focusRef={failureRef}
          title="The instance was not created"
          message={creation.error.message}
        />
      )}
      <DetailsSection
        control={control}
        values={resolved}
        clusters={clusters}
        nameCheck={nameCheck}
      />
      <SourceSection
        control={control}
        values={resolved}
        applications={sources.applications}
        images={sources.images}
      />
      <div data-tour="other-configuration-sections">
        <ResourcesSection control={control} values={resolved} summary={resourceSummary} />
        <RoomForInstance room={room} />
        <QuotaForInstance quotas={quotas} clusterId={clusterId} />
      </div>
      <CapabilitiesSection control={control} values={resolved} />
      <SecuritySection control={control} />
      <div className="form-actions">
        {noRoom && (
          <p className="form-actions__blocked">
            Creating is unavailable: no node can take an instance of this size now.{" "}
            <Link to="/nodes">See the nodes</Link>
          </p>
        )}
        {!noRoom && (overQuota.create ?? overQuota.start) !== undefined && (
          <p className="form-actions__blocked">
            {overQuota.create === undefined
              ? `Create and start is unavailable. ${overQuota.start ?? ""} Create makes it stopped.`
              : `Creating is unavailable. ${overQuota.create}`}{" "}
            <Link to="/profile">Your quotas</Link>
          </p>
        )}
        <Link className="p-button" to="/instances">
          Cancel
        </Link>
        <SubmitButton
          className="p-button"
          value="create"
          disabled={submission.pending || noRoom || overQuota.create !== undefined}
          busy={submission.pending && !startingToo}
          busyLabel="Creating…"
        >
          Create
        </SubmitButton>
        <SubmitButton
          className="p-button--positive"
          value="start"
          disabled={submission.pending || noRoom || overQuota.start !== undefined}
          busy={submission.pending && startingToo}
          busyLabel="Creating…"
          tourTarget="create-your-instance"
        >
          Create and start
        </SubmitButton>
      </div>
    </form>
  );
}
