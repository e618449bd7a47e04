// The dashboard's `/api/applications...` calls beyond the list (SPEC section 7): what the browser
// sends and receives. The server answers them from the clusters' `/1.0/applications` API; every
// application carries its `clusterId`. The list is in catalog.ts and catalog-query.ts (the
// instance form shares it).
import { z } from "zod";
import type { InstanceBulkResult } from "../ams/instance.ts";
import type { ClusterApplication } from "./catalog.ts";
import type { ClusterOperation } from "./operations.ts";

// Bodies taken as the cluster takes them (ams/application.ts): `PATCH /api/applications/{id}` is
// `applicationPatchSchema` (changing a version's fields makes a new version, see
// `versionMakingPatchFields`), `PATCH .../{versionNumber}` is `applicationVersionPatchSchema`.

/**
 * `GET /api/applications/{id}?clusterId=` (by id or name; 404 when the cluster has none: deleted).
 * Its versions come embedded (`metadata.versions`), as the cluster answers them.
 */
export interface ApplicationResponse {
  metadata: ClusterApplication;
}

/**
 * Answer of every single-application write (`PATCH`, `DELETE` of the application or of one
 * version): the cluster's operation, which ends as events tell. 202.
 */
export interface ApplicationOperationResponse {
  metadata: ClusterOperation;
}

/**
 * The `{versionNumber}` of `PATCH` and `DELETE /api/applications/{id}/{versionNumber}`, and the
 * `version` of the manifest call.
 */
export const applicationVersionNumberSchema = z
  .string({ message: "version must be given once, as a whole number" })
  .regex(/^\d{1,9}$/, "version must be a whole number")
  .transform(Number);

/** Query of `GET /api/applications/{id}/manifest`: the latest version's manifest without `version`. */
export const applicationManifestQuerySchema = z.object({
  clusterId: z.string({ message: "clusterId must be given once" }).optional(),
  version: applicationVersionNumberSchema.optional(),
});

/**
 * Body of `DELETE /api/applications/{id}?clusterId=` and `DELETE .../{versionNumber}` (none is
 * fine): `force` deletes even while instances use it (the cluster refuses otherwise).
 */
export const applicationDeleteBodySchema = z
  .strictObject(
    { force: z.boolean({ message: "force must be true or false" }).optional() },
    { error: "the body may hold force only" },
  )
  .optional();
export type ApplicationDeleteBody = z.infer<typeof applicationDeleteBodySchema>;

/** One application named across clusters (bulk delete). */
export const applicationRefSchema = z.object({
  id: z
    .string({ message: "applications[].id must be an application id" })
    .min(1, "applications[].id must not be empty"),
  clusterId: z
    .string({ message: "applications[].clusterId must be a cluster id" })
    .min(1, "applications[].clusterId must not be empty"),
});
export type ApplicationRef = z.infer<typeof applicationRefSchema>;

/** `DELETE /api/applications`: many applications, of several clusters, at once. */
export const applicationsDeleteBodySchema = z.object(
  {
    applications: z
      .array(applicationRefSchema, { message: "applications must be a list of {id, clusterId}" })
      .min(1, "applications must name at least one application")
      .max(1000, "at most 1000 applications at once"),
    force: z.boolean({ message: "force must be true or false" }).optional(),
  },
  { error: "the body must be {applications: [{id, clusterId}], force?}" },
);
export type ApplicationsDeleteBody = z.infer<typeof applicationsDeleteBodySchema>;

/** One application's outcome of a bulk delete (the shape of the instances' bulk results). */
export type ClusterApplicationDeleteResult = InstanceBulkResult & { clusterId: string };

/**
 * Answer of `DELETE /api/applications`, once the clusters' operations ended: one result per
 * application asked for; a refusal (instances still use it) is that application's `error` and
 * does not stop the others.
 */
export interface ApplicationsDeleteResponse {
  metadata: { results: ClusterApplicationDeleteResult[] };
}
