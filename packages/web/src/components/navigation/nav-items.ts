import applicationsIcon from "virtual:vanilla-icon/applications";
import imageIcon from "virtual:vanilla-icon/image";
import machinesIcon from "virtual:vanilla-icon/machines";
import podsIcon from "virtual:vanilla-icon/pods";
import repositoryIcon from "virtual:vanilla-icon/repository";
import settingsIcon from "virtual:vanilla-icon/settings";
import statusIcon from "virtual:vanilla-icon/status";
import type { SessionInfo } from "../../api/session-info.ts";
import type { InlineIconParts } from "../icon/inline-icon-parts.ts";

export interface NavItem {
  label: string;
  to: string;
  /** A Vanilla icon, drawn inline. */
  icon: InlineIconParts;
  /** Other path prefixes that belong to this item, highlighting it. */
  alsoActiveOn?: readonly string[];
}

/** The main navigation items a user sees, gated by what their cluster offers (SPEC section 2). */
export function mainNavItems(info: SessionInfo): NavItem[] {
  const items: (NavItem | false)[] = [
    info.applications_enabled && {
      label: "Instances",
      to: "/instances",
      icon: podsIcon,
      // A session is opened from an instance: it stays under Instances.
      alsoActiveOn: ["/sessions"],
    },
    info.applications_enabled && {
      label: "Applications",
      to: "/applications",
      icon: applicationsIcon,
    },
    { label: "Images", to: "/images", icon: imageIcon },
    info.applications_enabled && { label: "Nodes", to: "/nodes", icon: machinesIcon },
    info.registry_enabled && { label: "Registry", to: "/registry", icon: repositoryIcon },
    info.config_enabled && { label: "Configuration", to: "/config", icon: settingsIcon },
    { label: "Operations", to: "/operations", icon: statusIcon },
  ];
  return items.filter((item) => item !== false);
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((prefix) => isUnder(pathname, prefix));
}
