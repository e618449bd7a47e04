// The instances list's server data lives in `queries/instances.ts`; the list reads it from here.
export { prefetchInstancesList, useInstancesList } from "../../../queries/instances.ts";
