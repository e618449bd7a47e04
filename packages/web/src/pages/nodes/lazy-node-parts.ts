import { lazyPart } from "../../util/lazy-part.ts";

// A node's panel and "Add node" hold the forms, and with them zod and the contract's schemas:
// loaded apart from the list, so that its first rows wait for neither (the page preloads them once
// it shows).

/** A node's panel: its allocation, settings form, instances and removal. */
export const LazyNodePanel = lazyPart(async () => (await import("./NodePanel.tsx")).NodePanel);

/** "Add node". */
export const LazyAddNodeModal = lazyPart(
  async () => (await import("./AddNodeModal.tsx")).AddNodeModal,
);
