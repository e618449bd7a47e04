// SPEC section 9: pages of 30, 50 or 100, 30 by default. A module without schemas: the browser's
// first script (web early-requests.ts) reads them without loading zod.

export const listPageSizes = [30, 50, 100] as const;
export const defaultListPageSize = 30;
