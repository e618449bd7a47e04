import { applicationPath } from "../shared/application-facts.ts";

/** The tabs of the application page, in their order; the URL's last part names the open one. */
export const applicationTabs = [
  { id: "overview", label: "Overview" },
  { id: "versions", label: "Versions" },
  { id: "instances", label: "Instances" },
] as const;

export type ApplicationTab = (typeof applicationTabs)[number]["id"];

/** `/applications/{clusterId}/{id}/{tab}`. */
export function applicationTabPath(clusterId: string, id: string, tab: ApplicationTab): string {
  return applicationPath(clusterId, id, tab);
}
