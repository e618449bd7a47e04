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

/**
 * An operation's resources (`{instances: ["/1.0/instances/<id>"]}`) as links to the dashboard's
 * pages of them; a kind without a page is shown as text.
 */
export function resourceLinks(
  resources: Record<string, string[]>,
  clusterId: string,
): ResourceLink[] {
  return Object.entries(resources).flatMap(([kind, urls]) =>
    urls.map((url) => {
      const id = decodeURIComponent(url.split("/").filter(Boolean).pop() ?? url);
      const page = detailPages[kind];
      const label = `${kind.replace(/s$/, "")} ${id}`;
      return page
        ? { label, to: page(encodeURIComponent(clusterId), encodeURIComponent(id)) }
        : { label };
    }),
  );
}
