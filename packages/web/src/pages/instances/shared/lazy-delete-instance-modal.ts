import { lazyPart } from "../../../util/lazy-part.ts";

/** "Delete instance", loaded apart from the pages that offer it (preload it as they show). */
export const LazyDeleteInstanceModal = lazyPart(
  async () => (await import("./DeleteInstanceModal.tsx")).DeleteInstanceModal,
);
