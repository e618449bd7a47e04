import type { AmsApplicationVersion } from "@anbox-dashboard/contract";

/** Why a version's Delete is disabled when it is the only one (the cluster refuses it too). */
export const onlyVersionReason =
  "The only version of an application cannot be deleted: delete the application.";

/** Publish when it is not published, unpublish when it is. */
export function publishActionOf(version: AmsApplicationVersion): "publish" | "unpublish" {
  return version.published ? "unpublish" : "publish";
}

/** Why a version cannot be published now (the cluster publishes a ready version only). */
export function whyNotPublishable(version: AmsApplicationVersion): string | undefined {
  if (version.published || version.status === "active") return undefined;
  return `Only a ready version can be published; this one is ${version.status}.`;
}

/** Why an instance cannot be made from this version now (the cluster starts a published, ready one). */
export function whyNoInstanceOfVersion(
  applicationStatus: string,
  version: AmsApplicationVersion,
): string | undefined {
  if (applicationStatus !== "ready") {
    return `Only a ready application can start an instance; this one is ${applicationStatus}.`;
  }
  if (version.status !== "active") return `This version is ${version.status}, not ready.`;
  if (!version.published) return "This version is not published: publish it first.";
  return undefined;
}
