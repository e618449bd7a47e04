import { operationResourcesShown } from "@anbox-dashboard/contract";

export interface ResourceLink {
  label: string;
  /** The dashboard page showing it, when there is one. */
  to?: string;
}

const detailPages: Record<string, (clusterId: string, id: string) => string> = {
  instances: (clusterId, id) => `/instances/${clusterId}/${id}`,
  applications: (clusterId, id) => `/applications/${clusterId}/${id}`,
  images: (clusterId, id) => `/images/${clusterId}/${id}`,
  nodes: () => "/nodes",
};

/** "instances" → "instance": the kinds AMS names are plurals. */
function singular(kind: string): string {
  return kind.replace(/s$/, "");
}

/**
 * An operation's resources (`{instances: ["/1.0/instances/<id>"]}`) as links to the dashboard's
 * pages of them, by name where the server found one (`names`, by URL), else by id; a kind without
 * a page is shown as text. A few of each kind, then how many more ("and 997 more instances").
 */
export function resourceLinks(
  resources: Record<string, string[]>,
  clusterId: string,
  names: Record<string, string> = {},
): ResourceLink[] {
  return Object.entries(resources).flatMap(([kind, urls]) => {
    const shown: ResourceLink[] = urls.slice(0, operationResourcesShown).map((url) => {
      const id = decodeURIComponent(url.split("/").filter(Boolean).pop() ?? url);
      const page = detailPages[kind];
      const label = `${singular(kind)} ${names[url] ?? id}`;
      return page
        ? { label, to: page(encodeURIComponent(clusterId), encodeURIComponent(id)) }
        : { label };
    });
    const more = urls.length - shown.length;
    return more > 0 ? [...shown, { label: `and ${String(more)} more ${kind}` }] : shown;
  });
}
