import type { ApplicationsQuery } from "../api/catalog.ts";
import type { InstancesListRequest } from "../api/instances.ts";
import { useApplications } from "../queries/catalog.ts";
import { useInstancesList } from "../queries/instances.ts";
import {
  applicationsStatus,
  hasUnstreamableInstance,
  streamableInstancesStatus,
  type TourCloud,
} from "./chapter-status.ts";

// The newest page of each: the tour's own application and instance are the newest ones a new
// user has, and a page of 100 keeps the check light on a cloud of 10,000 instances. The
// clusters cannot filter by a tag's prefix (`session=`), so streamable ones are picked here.
const newestApplications: ApplicationsQuery = {
  page: 1,
  size: 100,
  order: "desc",
  orderBy: "created_at",
};
const newestInstances: InstancesListRequest = {
  page: 1,
  size: 100,
  order: "desc",
  orderBy: "created_at",
};

/**
 * What the cloud holds for the tour: chapter 1's application state and chapters 2 and 3's
 * streamable instance state. These are the lists the pages read: the events socket invalidates
 * them when an application or instance changes, so this follows the cloud without polling.
 */
export function useTourCloud(): TourCloud {
  const applications = useApplications(newestApplications);
  const instances = useInstancesList(newestInstances);
  return {
    applications: applications.data ? applicationsStatus(applications.data.metadata) : undefined,
    instances: instances.data ? streamableInstancesStatus(instances.data.metadata) : undefined,
    unstreamableInstance: instances.data ? hasUnstreamableInstance(instances.data.metadata) : false,
  };
}
