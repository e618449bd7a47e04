/** The tabs of the instance page, in their order; the URL's last part names the open one. */
export const instanceTabs = [
  { id: "overview", label: "Overview" },
  { id: "logs", label: "Logs" },
  { id: "terminal", label: "Terminal" },
] as const;

export type InstanceTab = (typeof instanceTabs)[number]["id"];

/** `/instances/{clusterId}/{instanceId}/{tab}`. */
export function instanceTabPath(clusterId: string, instanceId: string, tab: InstanceTab): string {
  return `/instances/${encodeURIComponent(clusterId)}/${encodeURIComponent(instanceId)}/${tab}`;
}
