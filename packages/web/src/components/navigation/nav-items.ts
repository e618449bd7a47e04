import type { SessionInfo } from "../../api/session-info.ts";

export interface NavItem {
  label: string;
  to: string;
  /** A Vanilla icon name (`p-icon--{icon}`). */
  icon: string;
  /** Other path prefixes that belong to this item, highlighting it. */
  alsoActiveOn?: readonly string[];
}

/** The main navigation items a user sees, gated by what their cluster offers (SPEC section 2). */
export function mainNavItems(info: SessionInfo): NavItem[] {
  const items: (NavItem | false)[] = [
    info.applications_enabled && {
      label: "Instances",
      to: "/instances",
      icon: "pods",
      // A session is opened from an instance: it stays under Instances.
      alsoActiveOn: ["/sessions"],
    },
    info.applications_enabled && {
      label: "Applications",
      to: "/applications",
      icon: "applications",
    },
    { label: "Images", to: "/images", icon: "image" },
    info.applications_enabled && { label: "Nodes", to: "/nodes", icon: "machines" },
    info.registry_enabled && { label: "Registry", to: "/registry", icon: "repository" },
    info.config_enabled && { label: "Configuration", to: "/config", icon: "settings" },
    { label: "Operations", to: "/operations", icon: "status" },
  ];
  return items.filter((item) => item !== false);
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((prefix) => isUnder(pathname, prefix));
}
