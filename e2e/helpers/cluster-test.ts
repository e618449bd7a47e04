import { test as base } from "@playwright/test";
import { clusterRequest, type ClusterAnswer } from "./cluster-api.ts";

// Every spec shares one embedded cluster, and its only node has room for a few running instances
// (on this 2-core machine, four of the default 2 CPUs). A test that left its instances running
// would fill the node for the specs after it, whose instances would then fail to be placed. Tests
// that may create instances import `test` from here: it deletes, after each test, the instances
// that test added, whichever way it added them (the cluster's API, the dashboard's form).

export { expect } from "@playwright/test";

async function instanceUrls(): Promise<Set<string>> {
  const answer = await clusterRequest("GET", "/1.0/instances");
  if (answer.status !== 200 || !Array.isArray(answer.body.metadata)) {
    throw new Error(`the cluster did not list its instances: ${JSON.stringify(answer.body)}`);
  }
  return new Set(answer.body.metadata.filter((url) => typeof url === "string"));
}

async function waitFor(answer: ClusterAnswer, what: string): Promise<void> {
  if (answer.status !== 202 || answer.body.operation === undefined) {
    throw new Error(`the cluster refused to ${what}: ${JSON.stringify(answer.body)}`);
  }
  await clusterRequest("GET", `${answer.body.operation}/wait?timeout=30`);
}

async function deleteInstance(url: string): Promise<void> {
  let deleted = await clusterRequest("DELETE", url, { force: true });
  // Gone already (the test deleted it itself): nothing to wait for.
  if (deleted.status === 404) return;
  // A test protected it against deletion: lift that first.
  if (deleted.status === 400 && deleted.body.error?.includes("protected") === true) {
    const unprotect = { config: { security: { delete_protected: false } } };
    await waitFor(await clusterRequest("PATCH", url, unprotect), `unprotect ${url}`);
    deleted = await clusterRequest("DELETE", url, { force: true });
  }
  await waitFor(deleted, `delete ${url}`);
}

export const test = base.extend<{ deleteAddedInstances: undefined }>({
  deleteAddedInstances: [
    // Playwright reads which fixtures a fixture needs from this pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const before = await instanceUrls();
      await use(undefined);
      const added = [...(await instanceUrls())].filter((url) => !before.has(url));
      await Promise.all(added.map(deleteInstance));
    },
    { auto: true },
  ],
});
