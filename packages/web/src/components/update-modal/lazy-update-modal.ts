import { lazyPart } from "../../util/lazy-part.ts";

/** 'Important update', loaded only for the users who have it to read. */
export const LazyUpdateModal = lazyPart(
  async () => (await import("./UpdateModal.tsx")).UpdateModal,
);
