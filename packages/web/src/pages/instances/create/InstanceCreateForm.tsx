import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { resourceRequestFor, type InstancesPost } from "@anbox-dashboard/contract";
import type { Cluster } from "../../../api/clusters.ts";
import { createInstance, instanceIdOf } from "../../../api/instances.ts";
import { fetchSessionInfo } from "../../../api/session-info.ts";
import { registerOperationFailureHandler } from "../../../context/events/operation-failure-handlers.ts";
import { useToast } from "../../../context/notifications/use-toast.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { buildCreateRequest, resourceChoiceOf } from "./build-create-request.ts";
import { CapabilitiesSection } from "./CapabilitiesSection.tsx";
import { initialFormValues, type SetFormField } from "./create-form-values.ts";
import { describeResourceRequest } from "./describe-resources.ts";
import { DetailsSection } from "./DetailsSection.tsx";
import { chosenClusterId, resolveFormValues } from "./resolve-form-values.ts";
import { ResourcesSection } from "./ResourcesSection.tsx";
import { SecuritySection } from "./SecuritySection.tsx";
import { SourceSection } from "./SourceSection.tsx";
import { useInstanceNameCheck } from "./use-instance-name-check.ts";
import { useSourceOptions } from "./use-source-options.ts";
import { validateCreateForm, type CreateFormErrors } from "./validate-create-form.ts";

type ErrorField = keyof CreateFormErrors;

/** The input of each field that can be wrong, to move the focus to the first one on submit. */
const fieldIds: Record<ErrorField, string> = {
  name: "instance-name",
  clusterId: "instance-cluster",
  applicationId: "instance-application",
  imageId: "instance-image",
  resourceTypeCpu: "instance-resourceTypeCpu",
  resourceTypeGpu: "instance-resourceTypeGpu",
  resourceTypeVpu: "instance-resourceTypeVpu",
  resourceTypeMemory: "instance-resourceTypeMemory",
  displayWidth: "instance-displayWidth",
  displayHeight: "instance-displayHeight",
};

interface Creation {
  clusterId: string;
  request: InstancesPost;
  start: boolean;
}

interface InstanceCreateFormProps {
  clusters: readonly Cluster[];
  /**
   * Whether the first cluster's containers get the larger default disk (SPEC section 9); the
   * chosen cluster's own answer replaces it once known.
   */
  ext4RootVolumesSupport: boolean;
}

/**
 * The instance creation form. "Create" leaves the new instance stopped; "Create and start" starts
 * it. The cluster answers with an operation at once: the page then moves to the new instance, and
 * a toast tells if the operation fails later. A refusal of the request itself (nothing fits, the
 * name was taken meanwhile) is shown at the top of the form, which keeps what was typed.
 */
export function InstanceCreateForm({
  clusters,
  ext4RootVolumesSupport: firstClusterExt4,
}: InstanceCreateFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useToast();
  const [values, setValues] = useState(initialFormValues);
  // A message shows once its field was left or the form was sent, not at the first keystroke.
  // The name is the exception: its rules and its live check speak as it is typed (SPEC section 5).
  const [touched, setTouched] = useState<Partial<Record<ErrorField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);

  const clusterId = chosenClusterId(values, clusters);
  // Each cluster says whether it supports ext4 root volumes (the default disk depends on it); the
  // first cluster's answer, which the page has already, stands in until the chosen one answers.
  const clusterInfo = useQuery({
    queryKey: queryKeys.clusterInfo(clusterId),
    queryFn: ({ signal }) => fetchSessionInfo(signal, clusterId),
    enabled: clusterId !== "",
  });
  const ext4RootVolumesSupport = clusterInfo.data?.ext4_root_volumes_support ?? firstClusterExt4;
  const sources = useSourceOptions(values.sourceType, clusterId, values.containerOrVm);
  const resolved = resolveFormValues(values, {
    clusters,
    applications: sources.applications.items,
    images: sources.images.items,
  });
  const nameCheck = useInstanceNameCheck(clusterId, values.name);
  const errors = validateCreateForm(resolved, nameCheck.state === "taken");
  const shown = (field: ErrorField) =>
    submitted || touched[field] === true ? errors[field] : undefined;

  // Custom sizes are only described once they are all right (the errors only exist for custom).
  const customSizesWrong = [
    errors.resourceTypeCpu,
    errors.resourceTypeGpu,
    errors.resourceTypeVpu,
    errors.resourceTypeMemory,
  ].some((error) => error !== undefined);
  const resourceSummary = customSizesWrong
    ? undefined
    : describeResourceRequest(
        resourceRequestFor(
          resourceChoiceOf(resolved),
          resolved.containerOrVm,
          ext4RootVolumesSupport,
        ),
      );

  const creation = useMutation({
    mutationFn: ({ clusterId: cluster, request }: Creation) => createInstance(cluster, request),
    onSuccess: async (operation, { clusterId: cluster, request, start }) => {
      const name = request.name === undefined ? "" : ` ${request.name}`;
      registerOperationFailureHandler(operation.id, (err) => {
        notify.failure(
          `Creating instance${name} failed`,
          err === "" ? "The cluster gave no reason." : err,
        );
      });
      notify.success(
        `Instance${name} created`,
        start ? "It is starting." : "It stays stopped until you start it.",
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.instances() });
      const id = instanceIdOf(operation);
      await navigate(
        id === undefined
          ? "/instances"
          : `/instances/${encodeURIComponent(cluster)}/${encodeURIComponent(id)}`,
      );
    },
  });

  // A refusal is shown at the top of the form, likely out of view from the buttons: move the
  // focus there, which scrolls to it and has it read out.
  const failure = creation.error;
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const setField: SetFormField = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
  };
  const touch = (field: ErrorField) => {
    setTouched((current) => ({ ...current, [field]: true }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Which of the two buttons sent the form (Enter in a field counts as the first, "Create").
    const start = event.nativeEvent.submitter?.getAttribute("value") === "start";
    setSubmitted(true);
    const firstWrong = (Object.keys(errors) as ErrorField[])[0];
    if (firstWrong !== undefined) {
      const input = event.currentTarget.elements.namedItem(fieldIds[firstWrong]);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    creation.mutate({
      clusterId: resolved.clusterId,
      request: buildCreateRequest(resolved, { ext4RootVolumesSupport, start }),
      start,
    });
  };

  const startingToo = creation.variables?.start === true;
  return (
    <form className="p-form instance-create" noValidate onSubmit={submit}>
      {creation.isError && (
        <div
          className="p-notification--negative instance-create__failure"
          role="alert"
          tabIndex={-1}
          ref={failureRef}
        >
          <div className="p-notification__content">
            <h2 className="p-notification__title">The instance was not created</h2>
            <p className="p-notification__message">{creation.error.message}</p>
          </div>
        </div>
      )}
      <DetailsSection
        values={resolved}
        clusters={clusters}
        nameError={errors.name}
        nameCheck={nameCheck}
        clusterError={shown("clusterId")}
        setField={setField}
      />
      <SourceSection
        values={resolved}
        applications={sources.applications}
        images={sources.images}
        applicationError={shown("applicationId")}
        imageError={shown("imageId")}
        setField={setField}
        onBlur={touch}
      />
      <ResourcesSection
        values={resolved}
        errors={{
          resourceTypeCpu: shown("resourceTypeCpu"),
          resourceTypeGpu: shown("resourceTypeGpu"),
          resourceTypeVpu: shown("resourceTypeVpu"),
          resourceTypeMemory: shown("resourceTypeMemory"),
        }}
        summary={resourceSummary}
        setField={setField}
        onBlur={touch}
      />
      <CapabilitiesSection
        values={resolved}
        errors={{ displayWidth: shown("displayWidth"), displayHeight: shown("displayHeight") }}
        setField={setField}
        onBlur={touch}
      />
      <SecuritySection values={resolved} setField={setField} />
      <div className="instance-create__actions">
        <Link className="p-button" to="/instances">
          Cancel
        </Link>
        <button
          className="p-button"
          type="submit"
          value="create"
          disabled={creation.isPending}
          aria-busy={creation.isPending && !startingToo}
        >
          {creation.isPending && !startingToo ? "Creating…" : "Create"}
        </button>
        <button
          className="p-button--positive"
          type="submit"
          value="start"
          disabled={creation.isPending}
          aria-busy={creation.isPending && startingToo}
        >
          {creation.isPending && startingToo ? "Creating…" : "Create and start"}
        </button>
      </div>
    </form>
  );
}
