// The query parameters of `GET /api/applications`: every
// message names its parameter, so that a 400 says which one to fix.
import { z } from "zod";
import { applicationStatuses } from "../ams/application.ts";
import { commaListOf, pagedListFields, searchField, subclustersField } from "./list-query.ts";
import { applicationTypes } from "./applications-columns.ts";

/**
 * Sort keys of `GET /api/applications?orderBy=`; the default is `name`. `latest_version` is the
 * highest version number, `published_versions` how many versions are published (the list's
 * columns, see applications-columns.ts).
 */
export const applicationsListOrderBy = [
  "name",
  "created_at",
  "status",
  "type",
  "latest_version",
  "published_versions",
] as const;
export type ApplicationsListOrderBy = (typeof applicationsListOrderBy)[number];

/** The longest search of the applications list. */
export const applicationSearchMaxLength = 255;

/**
 * Query of `GET /api/applications`. `search` matches a part of the name, whatever the case;
 * `status` takes a comma-joined list of application statuses; `type` is `automotive` (tagged
 * `app_type_automotive`) or `mobile` (every other); `subclusters` names the clusters to list (all
 * when absent).
 */
export const applicationsListQuerySchema = z.object({
  ...pagedListFields(applicationsListOrderBy, "name"),
  search: searchField(applicationSearchMaxLength),
  status: commaListOf("status", applicationStatuses).optional(),
  type: z
    .enum(applicationTypes, { message: `type must be ${applicationTypes.join(" or ")}` })
    .optional(),
  subclusters: subclustersField,
});
export type ApplicationsListQuery = z.input<typeof applicationsListQuerySchema>;
export type ApplicationsListParsed = z.output<typeof applicationsListQuerySchema>;
