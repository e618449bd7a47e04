// The lists the instance form picks a source from: `GET /api/applications` (SPEC section 7) and
// `GET /api/images`, each item with the cluster it is on.
import type { AmsApplication } from "../ams/application.ts";
import type { AmsImage } from "../ams/image.ts";

export type ClusterApplication = AmsApplication & { clusterId: string };
export type ClusterImage = AmsImage & { clusterId: string };

/** `GET /api/applications` (list params: page, size, order, orderBy=name|created_at, search). */
export interface ApplicationsListResponse {
  metadata: ClusterApplication[];
  total_size: number;
}
