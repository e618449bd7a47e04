// The two application uploads (SPEC section 7): `POST /api/applications?clusterId=` makes an
// application, `POST /api/applications/{id}/version?clusterId=` a new version of one. Both are
// multipart/form-data, the text fields first and the APK last; the server streams the package
// (manifest.yaml + app.apk) to the cluster as the APK arrives.
import { z } from "zod";
import { imageTypes } from "../ams/image.ts";
import type { ClusterOperation } from "./operations.ts";

/** The form field of both uploads that carries the APK, sent last. */
export const applicationUploadFileField = "apk";

/** The longest `manifest` field (characters): a manifest is a few hundred bytes. */
export const applicationManifestFieldMaxLength = 64 * 1024;

const manifestField = z
  .string({ message: "manifest must be the text of manifest.yaml" })
  .min(1, "manifest must not be empty")
  .max(
    applicationManifestFieldMaxLength,
    `manifest must be at most ${applicationManifestFieldMaxLength / 1024} KiB`,
  );

const unknownField = (fields: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys"
    ? `${(issue.keys ?? []).join(", ")} is not a field of this upload (${fields})`
    : `the form must hold ${fields}`;

/**
 * Fields of `POST /api/applications`: `manifest` (manifest.yaml's text, checked with
 * `applicationManifestSchema` before any byte of the APK is sent on) and `instanceType`
 * (container or VM; the cluster's `?vm=`).
 */
export const applicationUploadFieldsSchema = z.strictObject(
  {
    manifest: manifestField,
    instanceType: z
      .enum(imageTypes, { message: `instanceType must be ${imageTypes.join(" or ")}` })
      .default("container"),
  },
  { error: unknownField("manifest, instanceType, apk") },
);
export type ApplicationUploadFields = z.output<typeof applicationUploadFieldsSchema>;

/**
 * Fields of `POST /api/applications/{id}/version`: `manifest` is optional; without it the new
 * version keeps the application's current manifest.
 */
export const applicationVersionUploadFieldsSchema = z.strictObject(
  { manifest: manifestField.optional() },
  { error: unknownField("manifest, apk") },
);
export type ApplicationVersionUploadFields = z.output<typeof applicationVersionUploadFieldsSchema>;

/**
 * Answer of both uploads (202): the application's id (the new one's, for the page to open) and the
 * cluster's operation that bootstraps the version.
 */
export interface ApplicationUploadResponse {
  metadata: { id: string; clusterId: string; operation: ClusterOperation };
}
