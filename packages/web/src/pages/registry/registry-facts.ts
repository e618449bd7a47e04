import type { RegistryApplicationView, RegistryMode } from "../../api/registry.ts";

/** One version of a registry application, its number parsed from the key it is stored under. */
export interface RegistryVersion {
  number: number;
  size: number;
  createdAt: number;
}

/** The versions of a registry application, newest (highest number) first. */
export function registryVersions(application: RegistryApplicationView): RegistryVersion[] {
  return Object.entries(application.versions)
    .map(([key, version]) => ({
      number: Number(key),
      size: version.size,
      createdAt: version.created_at,
    }))
    .filter((version) => Number.isFinite(version.number))
    .sort((a, b) => b.number - a.number);
}

/** The newest version, or undefined when the registry holds none (an entry being written). */
export function newestRegistryVersion(
  application: RegistryApplicationView,
): RegistryVersion | undefined {
  return registryVersions(application)[0];
}

/** What the registry's mode means for this cluster, in plain words. */
export interface RegistryModeWords {
  title: string;
  text: string;
}

export function describeRegistryMode(mode: RegistryMode): RegistryModeWords {
  switch (mode) {
    case "manual":
      return {
        title: "Manual mode",
        text: "Push and pull by hand: applications move to and from the registry only when you say so.",
      };
    case "pull":
      return {
        title: "Automatic mode (pull)",
        text: "This cluster pulls applications from the registry by itself every registry.update_interval.",
      };
    case "push":
      return {
        title: "Automatic mode (push)",
        text: "This cluster pushes its applications to the registry by itself every registry.update_interval.",
      };
  }
}

/**
 * Why push, pull and delete are not offered, or undefined when they are: only in manual mode,
 * since in automatic mode the cluster's own synchronisation would undo or repeat them.
 */
export function whyRegistryActionsUnavailable(mode: RegistryMode): string | undefined {
  if (mode === "manual") return undefined;
  return "Push, pull and delete are off in automatic mode: the cluster synchronises with the registry by itself. Set registry.mode to manual to move applications by hand.";
}

/** The clusters a pull may go to, those that already hold the application marked. */
export interface PullTarget {
  clusterId: string;
  holds: boolean;
}

export function pullTargets(
  clusterIds: readonly string[],
  application: RegistryApplicationView,
): PullTarget[] {
  const holders = new Set(application.heldBy);
  return clusterIds.map((clusterId) => ({ clusterId, holds: holders.has(clusterId) }));
}

/** The target a pull proposes: the first cluster without the application, else the first. */
export function proposedPullTarget(targets: readonly PullTarget[]): string {
  return (targets.find((target) => !target.holds) ?? targets[0])?.clusterId ?? "";
}
