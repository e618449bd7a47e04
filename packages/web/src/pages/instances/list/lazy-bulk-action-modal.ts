import { lazyPart } from "../../../util/lazy-part.ts";

/** The bulk action's confirmation, loaded apart from the list (preload it as the list shows). */
export const LazyBulkActionModal = lazyPart(
  async () => (await import("./BulkActionModal.tsx")).BulkActionModal,
);
