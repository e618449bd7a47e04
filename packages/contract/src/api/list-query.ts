// The paging and sorting parameters every list call of `/api` shares (SPEC section 9: pages of
// 30, 50 or 100, 30 by default), each with a message that names the parameter.
import { z } from "zod";

import { defaultListPageSize, listPageSizes } from "../constants/list-pages.ts";

export { defaultListPageSize, listPageSizes };

/** `page`: a whole number from 1 (1 when absent). */
export const pageQueryField = z
  .string({ message: "page must be a whole number" })
  .regex(/^\d+$/, "page must be a whole number")
  .transform(Number)
  .refine((page) => page >= 1, "page must be at least 1")
  .default(1);

/** `size`: one of the page sizes (the default when absent). */
export const sizeQueryField = z
  .enum(["30", "50", "100"], { message: "size must be 30, 50 or 100" })
  .transform(Number)
  .default(defaultListPageSize);

/** `order`: asc (when absent) or desc. */
export const orderQueryField = z
  .enum(["asc", "desc"], { message: "order must be asc or desc" })
  .default("asc");
