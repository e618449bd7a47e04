import type { Entitlement, ResourceName } from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../../api/applications.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { whyApplicationActionUnavailable, type ApplicationAction } from "./application-facts.ts";

/** What each action needs, and on what. */
function needed(
  action: ApplicationAction,
  application: ClusterApplication,
): [Entitlement, ResourceName] {
  const resource: ResourceName = `application:${application.clusterId}/${application.id}`;
  switch (action) {
    case "create-instance":
      return ["can_create_instances", `cluster:${application.clusterId}`];
    case "edit":
      return ["can_edit", resource];
    case "delete":
      return ["can_delete", resource];
  }
}

/**
 * Why an action on an application is not available: the user may not take it (what it needs, and
 * which groups grant it), or it does not apply to the application now; undefined when it is.
 */
export function useApplicationActionReason(): (
  action: ApplicationAction,
  application: ClusterApplication,
) => string | undefined {
  const { may } = useMay();
  return (action, application) =>
    may(...needed(action, application)) ?? whyApplicationActionUnavailable(action, application);
}
