// The query parameters of `GET /api/applications`: every
// message names its parameter, so that a 400 says which one to fix.
import { z } from "zod";
import { orderQueryField, pageQueryField, sizeQueryField } from "./list-query.ts";

/** Sort keys of `GET /api/applications?orderBy=`; the default is `name`. */
export const applicationsListOrderBy = ["name", "created_at"] as const;
export type ApplicationsListOrderBy = (typeof applicationsListOrderBy)[number];

/** Comma-joined cluster ids; checked against the known clusters by the server. */
const subclustersSchema = z
  .string({ message: "subclusters must be given once, as a comma-joined list of cluster ids" })
  .optional();

/**
 * Query of `GET /api/applications`. `search` matches a part of the name, whatever the case;
 * `subclusters` names the clusters to list (all when absent).
 */
export const applicationsListQuerySchema = z.object({
  page: pageQueryField,
  size: sizeQueryField,
  order: orderQueryField,
  orderBy: z
    .enum(applicationsListOrderBy, {
      message: `orderBy must be one of ${applicationsListOrderBy.join(", ")}`,
    })
    .default("name"),
  search: z
    .string({ message: "search must be given once, as a part of a name" })
    .max(255, "search must be at most 255 characters")
    .optional(),
  subclusters: subclustersSchema,
});
export type ApplicationsListQuery = z.input<typeof applicationsListQuerySchema>;
export type ApplicationsListParsed = z.output<typeof applicationsListQuerySchema>;
