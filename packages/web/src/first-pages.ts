// Shared by the app (early-requests.ts) and its build (performance/early-requests-plugin.ts):
// imports nothing.

/**
 * The pages whose code the early-requests script asks for before the app has run, with their
 * first calls (first-calls.ts), by address: the module the router loads lazily for each. The
 * build writes each one's files (its chunks and styles not in the first load) into index.html.
 */
export const firstPageModules: Readonly<Record<string, string>> = {
  "/instances": "src/pages/instances/InstancesPage.tsx",
  "/nodes": "src/pages/nodes/NodesPage.tsx",
};

/** The id of index.html's JSON of those files: `{ [module]: ["/assets/…js", "/assets/…css"] }`. */
export const firstPageFilesId = "first-page-files";
