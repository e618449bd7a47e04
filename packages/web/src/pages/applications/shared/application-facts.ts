import {
  applicationTypeOf,
  latestApplicationVersion,
  publishedVersionCount,
  type ApplicationType,
  type ManifestResources,
} from "@anbox-dashboard/contract";
import type { ClusterApplication } from "../../../api/applications.ts";

// What the applications list and an application's page show of an application and which actions
// apply to it, in one place so that the list and the page agree. The type, the latest version and
// the published count are the contract's, so that they read as the server filters and sorts them.

export { latestApplicationVersion, publishedVersionCount };

/** "Automotive" or "Mobile", as people say it. */
export function applicationTypeLabel(type: ApplicationType): string {
  return type === "automotive" ? "Automotive" : "Mobile";
}

/** The application's type as people say it. */
export function applicationTypeLabelOf(application: ClusterApplication): string {
  return applicationTypeLabel(applicationTypeOf(application));
}

/** "Container" or "VM": what its instances run as. */
export function applicationRuntimeLabel(application: Pick<ClusterApplication, "vm">): string {
  return application.vm ? "VM" : "Container";
}

/** "2 CPU · 3GB memory · 3GB disk · 1 GPU": what each instance of it gets. */
export function formatApplicationResources(resources: ManifestResources): string {
  const parts: string[] = [];
  if (resources.cpus !== undefined) parts.push(`${String(resources.cpus)} CPU`);
  if (resources.memory !== undefined) parts.push(`${resources.memory} memory`);
  if (resources["disk-size"] !== undefined) parts.push(`${resources["disk-size"]} disk`);
  const gpus = resources["gpu-slots"] ?? 0;
  if (gpus > 0) parts.push(`${String(gpus)} GPU`);
  const vpus = resources["vpu-slots"] ?? 0;
  if (vpus > 0) parts.push(`${String(vpus)} VPU`);
  return parts.join(" · ");
}

/** The resources, or the preset they come from when the manifest names one instead. */
export function applicationResourcesText(application: ClusterApplication): string {
  const resources = formatApplicationResources(application.resources);
  if (resources !== "") return resources;
  return application.instance_type === "" ? "" : `Preset ${application.instance_type}`;
}

/** What can be done to an application from the list or its page. */
export type ApplicationAction = "create-instance" | "edit" | "delete";

/**
 * Why an action does not apply to the application now, or undefined when it does. The cluster
 * decides in the end (an application instances still use is refused with its reason); this only
 * keeps buttons that certainly fail from being offered.
 */
export function whyApplicationActionUnavailable(
  action: ApplicationAction,
  application: ClusterApplication,
): string | undefined {
  switch (action) {
    case "create-instance":
      if (application.status !== "ready") {
        return `Only a ready application can start an instance; this one is ${application.status}.`;
      }
      if (publishedVersionCount(application) === 0) {
        return "No version of it is published: publish one on its Versions tab first.";
      }
      return undefined;
    case "edit":
      return application.status === "deleted" ? "It is being deleted." : undefined;
    case "delete":
      return application.status === "deleted" ? "It is being deleted already." : undefined;
  }
}

/**
 * The instance form, opened with this application chosen on its cluster and of its type
 * (`application=` is read by the form's preset, as `image=` is for an image), and with `version`
 * chosen when one is named (the form otherwise means the newest published one).
 */
export function createInstanceFromApplicationPath(
  application: ClusterApplication,
  version?: number,
): string {
  const params = new URLSearchParams({
    clusterId: application.clusterId,
    type: application.vm ? "vm" : "container",
    application: application.id,
    ...(version === undefined ? {} : { version: String(version) }),
  });
  return `/instances/new?${params.toString()}`;
}

/** `/applications/edit/{clusterId}/{id}`: the form that changes it or adds a version. */
export function editApplicationPath(application: ClusterApplication): string {
  return `/applications/edit/${encodeURIComponent(application.clusterId)}/${encodeURIComponent(application.id)}`;
}

/** The edit form opened to upload a new version (`?upload=version`): a new APK makes one. */
export function uploadVersionPath(application: ClusterApplication): string {
  return `${editApplicationPath(application)}?upload=version`;
}

/** Whether the edit form was opened by `uploadVersionPath`: its APK field takes the focus. */
export function opensForUpload(search: URLSearchParams): boolean {
  return search.get("upload") === "version";
}

/** `/applications/{clusterId}/{id}[/{tab}]`. */
export function applicationPath(clusterId: string, id: string, tab?: string): string {
  const base = `/applications/${encodeURIComponent(clusterId)}/${encodeURIComponent(id)}`;
  return tab === undefined ? base : `${base}/${tab}`;
}

/** When it was made (Unix seconds), or undefined when the cluster gives none. */
export function applicationCreatedAt(application: ClusterApplication): number | undefined {
  return application.created_at > 0 ? application.created_at : undefined;
}

/** The page of the image it is built on (`/images/{clusterId}/{id}`). */
export function applicationImagePath(application: ClusterApplication): string {
  const cluster = encodeURIComponent(application.clusterId);
  return `/images/${cluster}/${encodeURIComponent(application.parent_image_id)}`;
}
