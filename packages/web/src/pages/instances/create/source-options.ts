import { findResourcePreset, type InstanceType } from "@anbox-dashboard/contract";
import type { ClusterApplication, ClusterImage } from "../../../api/catalog.ts";

// Which applications and images the form offers. The lists come from every cluster; an instance is
// made on one, from a source of its own type (the cluster refuses a container image for a VM).

/** An application the form offers, with the version the cluster will start. */
export interface LaunchableApplication {
  id: string;
  name: string;
  /** The newest published version: the one the cluster picks when none is named. */
  version: number;
  /** Every published, ready version, newest first: the ones the form offers to start. */
  versions: number[];
  /** The preset the application asks for in its manifest (`instance-type`), if it names one. */
  resourcePreset: string | undefined;
}

/** The instance type an application runs as: it is fixed when the application is made. */
export function applicationInstanceType(application: Pick<ClusterApplication, "vm">): InstanceType {
  return application.vm ? "vm" : "container";
}

/** The versions that are published and ready (the ones an instance can start), newest first. */
export function launchableVersions(application: Pick<ClusterApplication, "versions">): number[] {
  return application.versions
    .filter((version) => version.published && version.status === "active")
    .map((version) => version.number)
    .sort((a, b) => b - a);
}

/** The ready applications of the cluster that run as `type` and have a published version. */
export function launchableApplications(
  applications: readonly ClusterApplication[],
  clusterId: string,
  type: InstanceType,
): LaunchableApplication[] {
  const launchable: LaunchableApplication[] = [];
  for (const application of applications) {
    if (application.clusterId !== clusterId || application.status !== "ready") continue;
    if (applicationInstanceType(application) !== type) continue;
    const versions = launchableVersions(application);
    const version = versions[0];
    if (version === undefined) continue;
    launchable.push({
      id: application.id,
      name: application.name,
      version,
      versions,
      resourcePreset: findResourcePreset(application.instance_type)?.name,
    });
  }
  return launchable;
}

/** The image the cluster would use when none is named (one per type). */
export function defaultImageOf(images: readonly ClusterImage[]): ClusterImage | undefined {
  return images.find((image) => image.default);
}
