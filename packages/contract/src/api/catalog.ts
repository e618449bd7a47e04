// The lists the instance form picks a source from: `GET /api/applications` (SPEC section 7) and
// `GET /api/images`, each item with the cluster it is on.
import type { AmsApplication } from "../ams/application.ts";
import type { AmsImage } from "../ams/image.ts";
import type { UnreachableCluster } from "./cluster.ts";
import type { ResourceOwner } from "./auth.ts";

/**
 * An application of `GET /api/applications...`: the cluster's AMS application (its `versions`
 * included, oldest first) plus the cluster it is on and the name of its image, which the cluster
 * names by id only ("" when the cluster no longer has that image).
 */
export type ClusterApplication = AmsApplication & {
  clusterId: string;
  parent_image_name: string;
  /** Who made it through the dashboard, on its own page (auth.ts). */
  owner?: ResourceOwner;
};
export type ClusterImage = AmsImage & {
  clusterId: string;
  /** Who made it through the dashboard, on its own page (auth.ts). */
  owner?: ResourceOwner;
};

/**
 * `GET /api/applications`: one page (filtered, sorted and paged in the server) and how many match
 * (list params: page, size, order, orderBy, search, status, type, subclusters).
 */
export interface ApplicationsListResponse {
  metadata: ClusterApplication[];
  total_size: number;
  /** The clusters that did not answer, when others did: their items are missing. */
  unreachable?: UnreachableCluster[];
}
