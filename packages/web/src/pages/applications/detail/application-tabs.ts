import { applicationPath } from "../shared/application-facts.ts";

/** The tabs of the application page, in their order; the URL's last part names the open one. */
export const applicationTabs = [
  { id: "overview", label: "Overview" },
  { id: "versions", label: "Versions" },
  { id: "instances", label: "Instances" },
] as const;

export type ApplicationTab = (typeof applicationTabs)[number]["id"];

/** The tab a URL asks for: the overview when it names none or one that does not exist. */
export function applicationTabOf(param: string | undefined): ApplicationTab {
  return applicationTabs.find((tab) => tab.id === param)?.id ?? "overview";
}

/** `/applications/{clusterId}/{id}/{tab}`. */
export function applicationTabPath(clusterId: string, id: string, tab: ApplicationTab): string {
  return applicationPath(clusterId, id, tab);
}
