import type { ApplicationsListRequest } from "../api/applications.ts";
import type { AuditPageRequest } from "../api/audit.ts";
import type { ApplicationsQuery } from "../api/catalog.ts";
import type { ImagesListRequest } from "../api/images.ts";
import type { InstanceCapacityRequest, InstancesListRequest } from "../api/instances.ts";
import type { NodesListRequest } from "../api/nodes.ts";
import type { OperationsPageRequest, OperationsQuery } from "../api/operations.ts";

/**
 * Every query key the dashboard uses, rooted in the spec's cached data groups so that a whole
 * group can be invalidated by its prefix.
 */
export const queryKeys = {
  authInfo: () => ["authInfo"] as const,
  info: () => ["info"] as const,
  /** The session info on one cluster (what it supports); under the info prefix. */
  clusterInfo: (clusterId: string) => ["info", "cluster", clusterId] as const,
  clusters: () => ["clusters"] as const,
  registration: (token: string) => ["registration", token] as const,
  profile: () => ["profile"] as const,
  /** Every operations list: invalidating this prefix refreshes them all. */
  operations: () => ["operations"] as const,
  /** Every unpaged operations list (the status bar's). */
  operationsLists: () => ["operations", "list"] as const,
  operationsList: (query: OperationsQuery) => ["operations", "list", query] as const,
  /** A page of the operations list (filtered, paged, its resources named). */
  operationsPage: (request: OperationsPageRequest) => ["operations", "page", request] as const,
  /** A page of the audit trail (filtered and paged in the server). */
  auditPage: (request: AuditPageRequest) => ["audit", "page", request] as const,
  /** Every application query: lifecycle events invalidate this prefix. */
  applications: () => ["applications"] as const,
  applicationsList: (query: ApplicationsQuery) => ["applications", "list", query] as const,
  /** A page of the applications list (filtered, sorted and paged in the server). */
  applicationsPage: (request: ApplicationsListRequest) =>
    ["applications", "page", request] as const,
  application: (clusterId: string, id: string) =>
    ["applications", "detail", clusterId, id] as const,
  /** Whether an application of that name exists (the add form's live check). */
  applicationNameCheck: (clusterId: string, name: string) =>
    ["applications", "name-check", clusterId, name] as const,
  /** The manifest.yaml of a version (the latest when none is named). */
  applicationManifest: (clusterId: string, id: string, version: number | undefined) =>
    ["applications", "manifest", clusterId, id, version ?? "latest"] as const,
  /**
   * Every registry answer: under the applications root, so that an application appearing or
   * going in a cluster (a pull, a delete: `application-*` events) refreshes who holds what.
   */
  registryApplications: () => ["applications", "registry"] as const,
  /** The registry as one cluster sees it (the first cluster's when none is named). */
  registryApplicationsOf: (clusterId: string | undefined) =>
    ["applications", "registry", clusterId ?? "first"] as const,
  /** Every image query. */
  images: () => ["images"] as const,
  imagesList: (type: string) => ["images", "list", type] as const,
  /** A page of the images list (filtered, sorted and paged in the server). */
  imagesPage: (request: ImagesListRequest) => ["images", "page", request] as const,
  image: (clusterId: string, id: string) => ["images", "detail", clusterId, id] as const,
  /** What uses an image (read again each time it is shown: instances come and go). */
  imageUsers: (clusterId: string, id: string) => ["images", "used-by", clusterId, id] as const,
  /** Every instance query (lists, details, logs): lifecycle events invalidate this prefix. */
  instances: () => ["instances"] as const,
  /** Every instances list (not the details, logs or name checks). */
  instancesLists: () => ["instances", "list"] as const,
  instancesList: (request: InstancesListRequest) => ["instances", "list", request] as const,
  instance: (clusterId: string, id: string) => ["instances", "detail", clusterId, id] as const,
  /** What an instance's device has been given (its device controls). */
  deviceState: (clusterId: string, id: string) => ["instances", "device", clusterId, id] as const,
  instanceNameCheck: (clusterId: string, name: string) =>
    ["instances", "name-check", clusterId, name] as const,
  /**
   * Whether a new instance of a size fits in a cluster: under the instances root, so that an
   * instance starting, stopping or going away (what fills and frees nodes) asks again.
   */
  instanceCapacity: (clusterId: string, request: InstanceCapacityRequest) =>
    ["instances", "capacity", clusterId, request] as const,
  /** Every capacity answer: a node's change (unschedulable, resized, added) makes them stale. */
  instanceCapacities: () => ["instances", "capacity"] as const,
  instanceLogs: (clusterId: string, id: string) => ["instances", "logs", clusterId, id] as const,
  instanceLog: (clusterId: string, id: string, name: string) =>
    ["instances", "logs", clusterId, id, name] as const,
  /** Every node query: node lifecycle events invalidate this prefix. */
  nodes: () => ["nodes"] as const,
  /** A page of the nodes list (filtered, sorted and paged in the clusters). */
  nodesPage: (request: NodesListRequest) => ["nodes", "page", request] as const,
  node: (clusterId: string, name: string) => ["nodes", "detail", clusterId, name] as const,
  /** Every configuration query: the `config-updated` lifecycle event invalidates this prefix. */
  config: () => ["config"] as const,
  /** One cluster's configuration keys. */
  configOf: (clusterId: string) => ["config", clusterId] as const,
  /** Every session query (the VDI list, a session, its share links). */
  sessions: () => ["sessions"] as const,
  sessionsList: () => ["sessions", "list"] as const,
  session: (sessionId: string, clusterId: string) =>
    ["sessions", "detail", sessionId, clusterId] as const,
  sessionShares: (sessionId: string, clusterId: string) =>
    ["sessions", "shares", sessionId, clusterId] as const,
  publicStream: (token: string) => ["sessions", "public", token] as const,
  /** Every permissions query: a change to groups or identities invalidates this prefix. */
  permissions: () => ["permissions"] as const,
  /** What the signed-in user may do, and what each group grants. */
  myPermissions: () => ["permissions", "mine"] as const,
  entitlementCatalogue: () => ["permissions", "catalogue"] as const,
  groups: () => ["permissions", "groups"] as const,
  group: (name: string) => ["permissions", "groups", name] as const,
  /** A group's usage of its limits (read from the clusters). */
  groupUsage: (name: string) => ["permissions", "groups", name, "usage"] as const,
  /** The signed-in user's groups' limits and usage: a group's change invalidates it too. */
  quotas: () => ["permissions", "quotas"] as const,
  identities: () => ["permissions", "identities"] as const,
  providerGroups: () => ["permissions", "provider-groups"] as const,
  /** The signed-in user's onboarding tour progress (read once, then kept by its own writes). */
  onboardingProgress: () => ["onboardingProgress"] as const,
};
