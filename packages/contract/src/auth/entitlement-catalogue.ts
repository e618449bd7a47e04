import { allows } from "./decide.ts";
import {
  kindOf,
  type Entitlement,
  type Grant,
  type ResourceKind,
  type ResourceName,
} from "./entitlements.ts";

/** One entitlement as the catalogue lists it: what it allows, said for the kind it is on. */
export interface EntitlementEntry {
  entitlement: Entitlement;
  description: string;
}

/** Entitlements on a server or a cluster, which cover what is inside it. */
const onWholes = (where: string): EntitlementEntry[] => [
  { entitlement: "admin", description: `Everything on ${where}` },
  { entitlement: "can_view", description: `View everything on ${where}` },
  { entitlement: "can_view_config", description: `View the configuration of ${where}` },
  { entitlement: "can_edit_config", description: `Change the configuration of ${where}` },
  {
    entitlement: "can_view_registry_applications",
    description: `View the registry's applications on ${where}`,
  },
  {
    entitlement: "can_push_registry_applications",
    description: `Push applications to the registry on ${where}`,
  },
  {
    entitlement: "can_pull_registry_applications",
    description: `Pull applications from the registry on ${where}`,
  },
  {
    entitlement: "can_delete_registry_applications",
    description: `Delete the registry's applications on ${where}`,
  },
  { entitlement: "can_create_instances", description: `Create instances on ${where}` },
  { entitlement: "can_create_applications", description: `Create applications on ${where}` },
  { entitlement: "can_create_images", description: `Add images on ${where}` },
  { entitlement: "can_create_nodes", description: `Add nodes to ${where}` },
  {
    entitlement: "can_edit",
    description: `Change every instance, application, image and node on ${where}`,
  },
  {
    entitlement: "can_delete",
    description: `Delete every instance, application, image and node on ${where}`,
  },
  { entitlement: "can_view_logs", description: `Read the logs of every instance on ${where}` },
  { entitlement: "can_exec", description: `Open a shell in every instance on ${where}` },
  { entitlement: "can_publish", description: `Publish versions of every application on ${where}` },
  {
    entitlement: "can_stream",
    description: `Join and control the stream of every instance on ${where}`,
  },
  {
    entitlement: "can_share",
    description: `Make, extend and revoke share links of every instance's stream on ${where}`,
  },
];

/**
 * Every entitlement with its description, per resource kind (`GET /api/auth/entitlements`), in
 * Anbox's names: what the permission editor offers for a resource of each kind.
 */
export const entitlementCatalogue: Readonly<Record<ResourceKind, readonly EntitlementEntry[]>> = {
  server: [
    ...onWholes("every cluster"),
    {
      entitlement: "can_create_groups",
      description: "Create groups (and view, change and delete those one created)",
    },
    {
      entitlement: "can_view_audit",
      description: "Read and export the audit trail: who did what, when, and how it ended",
    },
  ],
  cluster: onWholes("the cluster"),
  instance: [
    { entitlement: "can_view", description: "View the instance" },
    { entitlement: "can_edit", description: "Change the instance, start and stop it" },
    { entitlement: "can_delete", description: "Delete the instance" },
    { entitlement: "can_view_logs", description: "Read the instance's logs" },
    { entitlement: "can_exec", description: "Open a shell in the instance" },
    { entitlement: "can_stream", description: "Join and control the instance's stream" },
    { entitlement: "can_share", description: "Make, extend and revoke share links of its stream" },
  ],
  application: [
    { entitlement: "can_view", description: "View the application" },
    { entitlement: "can_edit", description: "Change the application, upload versions" },
    { entitlement: "can_delete", description: "Delete the application" },
    { entitlement: "can_publish", description: "Publish the application's versions" },
  ],
  image: [
    { entitlement: "can_view", description: "View the image" },
    { entitlement: "can_edit", description: "Change the image, add versions" },
    { entitlement: "can_delete", description: "Delete the image" },
  ],
  node: [
    { entitlement: "can_view", description: "View the node" },
    { entitlement: "can_edit", description: "Change the node" },
    { entitlement: "can_delete", description: "Remove the node" },
  ],
  group: [
    { entitlement: "can_view", description: "View the group" },
    { entitlement: "can_edit", description: "Change the group's members and permissions" },
    { entitlement: "can_delete", description: "Delete the group" },
  ],
  identity: [
    { entitlement: "can_view", description: "View the identity" },
    { entitlement: "can_edit", description: "Change the identity's groups" },
  ],
};

/**
 * What these grants let their holder do with `resource`: the entitlements of its kind's catalogue
 * they are allowed (`?entitlements=1` answers them as `access_entitlements`, LXD's name).
 */
export function entitlementsOn(grants: readonly Grant[], resource: ResourceName): Entitlement[] {
  return entitlementCatalogue[kindOf(resource)]
    .map((entry) => entry.entitlement)
    .filter((entitlement) => allows(grants, entitlement, resource));
}
