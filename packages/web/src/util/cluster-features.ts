import type { ClusterHealth } from "@anbox-dashboard/contract";

/**
 * What a page offers only where the cluster's AMS offers it, by the `api_extensions` of its
 * `GET /1.0` (as AMS's own clients detect features): each feature and the extensions, any one of
 * which provides it.
 */
const features = {
  terminal: { name: "a terminal", extensions: ["instance_exec", "container_exec"] },
  logs: { name: "instance logs", extensions: ["container_logs"] },
  manifest: { name: "applications' manifests", extensions: ["application_manifest_download"] },
  vm: { name: "virtual machines", extensions: ["vm_support"] },
} as const;

export type ClusterFeature = keyof typeof features;

/**
 * Why the cluster does not offer `feature`, or undefined when it does, or when it is not known
 * yet (not checked, or not answering: the call then says what is wrong).
 */
export function missingFeature(
  clusterId: string,
  health: ClusterHealth | undefined,
  feature: ClusterFeature,
): string | undefined {
  const offered = health?.api_extensions;
  if (offered === undefined) return undefined;
  const { name, extensions } = features[feature];
  if (extensions.some((extension) => offered.includes(extension))) return undefined;
  const version = health?.version === undefined ? "" : ` (version ${health.version})`;
  return `Cluster ${clusterId}'s AMS${version} does not offer ${name}: its API has no ${extensions[0]} extension.`;
}
