import type { Entitlement, Permission, ResourceName } from "@anbox-dashboard/contract";

/** The areas of the navigation that permissions open or close. */
export type Area =
  | "instances"
  | "applications"
  | "images"
  | "nodes"
  | "registry"
  | "config"
  | "operations"
  | "permissions"
  | "audit";

const onCluster = (resource: ResourceName) =>
  resource === "server" || resource.startsWith("cluster:");

const dashboardOnly: readonly Entitlement[] = [
  "can_create_groups",
  "can_register_identities",
  "can_view_audit",
];

/**
 * The areas a user has anything to see in, from their permissions: navigation hides the others
 * (a page reached by its address still says what it needs). A permission on the server or a
 * cluster opens every area it covers; one on a resource opens that resource's area.
 */
export function areasOf(permissions: readonly Permission[]): Set<Area> {
  const areas = new Set<Area>();
  const add = (area: Area, when: boolean) => {
    if (when) areas.add(area);
  };
  for (const { entitlement, resource } of permissions) {
    const admin = entitlement === "admin";
    const whole = onCluster(resource) && !dashboardOnly.includes(entitlement);
    add("instances", whole || resource.startsWith("instance:"));
    add("applications", whole || resource.startsWith("application:"));
    add("images", whole || resource.startsWith("image:"));
    add("nodes", (whole && (admin || entitlement === "can_view")) || resource.startsWith("node:"));
    add("registry", whole && (admin || entitlement.includes("registry_applications")));
    add("config", whole && (admin || entitlement.endsWith("_config")));
    add(
      "permissions",
      (resource === "server" &&
        (admin || (dashboardOnly.includes(entitlement) && entitlement !== "can_view_audit"))) ||
        resource.startsWith("group:") ||
        resource.startsWith("identity:"),
    );
    add("audit", resource === "server" && (admin || entitlement === "can_view_audit"));
  }
  if (["instances", "applications", "images", "nodes"].some((area) => areas.has(area as Area))) {
    areas.add("operations");
  }
  return areas;
}
