import applicationsIcon from "virtual:vanilla-icon/applications";
import imageIcon from "virtual:vanilla-icon/image";
import machinesIcon from "virtual:vanilla-icon/machines";
import podsIcon from "virtual:vanilla-icon/pods";
import repositoryIcon from "virtual:vanilla-icon/repository";
import settingsIcon from "virtual:vanilla-icon/settings";
import statusIcon from "virtual:vanilla-icon/status";
import userGroupIcon from "virtual:vanilla-icon/user-group";
import revisionsIcon from "virtual:vanilla-icon/revisions";
import type { Area } from "../../permissions/areas.ts";
import type { SessionInfo } from "../../api/session-info.ts";
import type { InlineIconParts } from "../icon/inline-icon-parts.ts";

export interface NavItem {
  label: string;
  to: string;
  /** A Vanilla icon, drawn inline. */
  icon: InlineIconParts;
  /** Other path prefixes that belong to this item, highlighting it. */
  alsoActiveOn?: readonly string[];
  /** The area of permissions it shows: hidden from who has nothing to see in it. */
  area: Area;
}

/**
 * The main navigation items a user sees, gated by what their cluster offers (SPEC section 2) and
 * by the areas their permissions open (all while those are not known yet).
 */
export function mainNavItems(info: SessionInfo, areas?: ReadonlySet<Area>): NavItem[] {
  const items: (NavItem | false)[] = [
    info.applications_enabled && {
      label: "Instances",
      to: "/instances",
      area: "instances",
      icon: podsIcon,
      // A session is opened from an instance: it stays under Instances.
      alsoActiveOn: ["/sessions"],
    },
    info.applications_enabled && {
      label: "Applications",
      to: "/applications",
      area: "applications",
      icon: applicationsIcon,
    },
    { label: "Images", to: "/images", icon: imageIcon, area: "images" },
    info.applications_enabled && {
      label: "Nodes",
      to: "/nodes",
      icon: machinesIcon,
      area: "nodes",
    },
    info.registry_enabled && {
      label: "Registry",
      to: "/registry",
      icon: repositoryIcon,
      area: "registry",
    },
    info.config_enabled && {
      label: "Configuration",
      to: "/config",
      icon: settingsIcon,
      area: "config",
    },
    { label: "Operations", to: "/operations", icon: statusIcon, area: "operations" },
    {
      label: "Permissions",
      to: "/permissions/identities",
      icon: userGroupIcon,
      alsoActiveOn: ["/permissions"],
      area: "permissions",
    },
    { label: "Audit", to: "/audit", icon: revisionsIcon, area: "audit" },
  ];
  return items.filter(
    (item): item is NavItem => item !== false && (areas === undefined || areas.has(item.area)),
  );
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((prefix) => isUnder(pathname, prefix));
}
