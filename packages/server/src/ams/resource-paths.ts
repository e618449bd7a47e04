import type { AmsOperation, ClusterResourceKind, ResourceName } from "@anbox-dashboard/contract";

// The paths by which AMS names its resources (`/1.0/instances/<id>`), read as the dashboard names
// them for access (`instance:<cluster>/<id>`).

const kindOfCollection = {
  instances: "instance",
  applications: "application",
  images: "image",
  nodes: "node",
} as const satisfies Record<string, ClusterResourceKind>;

const collectionOfKind = {
  instance: "instances",
  application: "applications",
  image: "images",
  node: "nodes",
} as const satisfies Record<ClusterResourceKind, keyof typeof kindOfCollection>;

const resourcePath = /^\/1\.0\/(instances|applications|images|nodes)\/([^/?#]+)$/;

/** The id in a path, or undefined for one that names no id (malformed, or with a separator). */
function idOf(segment: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return id === "" || /[/,\s]/.test(id) ? undefined : id;
}

/** The resource an AMS path names (`/1.0/instances/c1` on `lab`: `instance:lab/c1`), if one. */
export function resourceOfPath(clusterId: string, path: string): ResourceName | undefined {
  const match = resourcePath.exec(path);
  if (match === null) return undefined;
  const kind = kindOfCollection[match[1] as keyof typeof kindOfCollection];
  const id = idOf(match[2] ?? "");
  return id === undefined ? undefined : `${kind}:${clusterId}/${id}`;
}

/** The id of the one `kind` an operation names (the one it made, or acts on), if it names one. */
export function operationTargetId(
  operation: AmsOperation,
  kind: ClusterResourceKind,
): string | undefined {
  const paths = operation.resources[collectionOfKind[kind]] ?? [];
  const [path] = paths;
  if (paths.length !== 1 || path === undefined) return undefined;
  const match = resourcePath.exec(path);
  return match?.[1] === collectionOfKind[kind] ? idOf(match[2] ?? "") : undefined;
}

/** Whether an AMS path names the cluster's configuration (`/1.0/config`, its lifecycle events'). */
export function isConfigPath(path: string): boolean {
  return path === "/1.0/config";
}
