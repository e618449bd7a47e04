import {
  customResourcesSchema,
  customResourceType,
  resourceRequestFor,
  type InstanceType,
  type ResourceRequest,
} from "@anbox-dashboard/contract";
import { capacityRequestOf } from "./capacity-request.ts";
import { describeResourceRequest } from "./describe-resources.ts";
import { resourceChoiceOf, type ResourceFormValues } from "./resource-form-values.ts";
import { useRoomForInstance, type RoomForInstance } from "./use-room-for-instance.ts";

/** What a form's resource choice means: the request, in words, and whether a node has room. */
export interface ResourceChoiceState {
  /** The resources an instance gets; undefined while the custom sizes are wrong. */
  request: ResourceRequest | undefined;
  summary: string | undefined;
  room: RoomForInstance;
}

/**
 * The resources the form's choice gives an instance of `type` on the cluster, and the cluster's
 * answer whether a node can take it now. Custom sizes are only described, and their room asked
 * for, once they are all right.
 */
export function useResourceChoice(
  values: ResourceFormValues,
  options: {
    clusterId: string;
    type: InstanceType;
    ext4RootVolumesSupport: boolean;
    /** The application the instance is made from, if one is chosen (its node tags count). */
    applicationId?: string;
  },
): ResourceChoiceState {
  const request =
    values.resourceType === customResourceType && !customResourcesSchema.safeParse(values).success
      ? undefined
      : resourceRequestFor(resourceChoiceOf(values), options.type, options.ext4RootVolumesSupport);
  const room = useRoomForInstance(
    options.clusterId,
    request && capacityRequestOf(request, options.applicationId),
  );
  return { request, summary: request && describeResourceRequest(request), room };
}
