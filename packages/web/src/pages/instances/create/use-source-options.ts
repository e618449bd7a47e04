import type { InstanceType } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";
import { useApplications, useImages } from "../../../queries/catalog.ts";
import type { SourceType } from "./create-form-values.ts";
import { launchableApplications, type LaunchableApplication } from "./source-options.ts";
import { usableImages } from "../../../util/usable-images.ts";

/** One list of sources for the form: its items once loaded, or why it is not there yet. */
export interface SourceList<Item> {
  items: Item[];
  isPending: boolean;
  error: Error | null;
}

/**
 * The largest page `GET /api/applications` serves (SPEC section 9), by name: enough for a select.
 * The server cannot filter by status yet, so the ready ones are picked from this page.
 */
export const applicationsQuery = { page: 1, size: 100, order: "asc", orderBy: "name" } as const;

/**
 * The applications and images an instance of `type` on the cluster can be made from. Only the list
 * of the chosen kind of source is fetched.
 */
export function useSourceOptions(
  /** "" while not chosen: both lists are needed to choose. */
  sourceType: SourceType | "",
  clusterId: string,
  type: InstanceType,
): {
  applications: SourceList<LaunchableApplication> & { incomplete: boolean };
  images: SourceList<ClusterImage>;
} {
  const applications = useApplications(applicationsQuery, { enabled: sourceType !== "image" });
  const images = useImages(type, { enabled: sourceType !== "application" });
  return {
    applications: {
      items: launchableApplications(applications.data?.metadata ?? [], clusterId, type),
      isPending: applications.isPending,
      error: applications.error,
      incomplete:
        applications.data !== undefined &&
        applications.data.total_size > applications.data.metadata.length,
    },
    images: {
      items: usableImages(images.data ?? [], clusterId, type),
      isPending: images.isPending,
      error: images.error,
    },
  };
}
