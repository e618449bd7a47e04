// The query parameters of `GET /api/applications`: every
// message names its parameter, so that a 400 says which one to fix.
import { z } from "zod";
import { applicationStatuses } from "../ams/application.ts";
import { orderQueryField, pageQueryField, sizeQueryField } from "./list-query.ts";
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

/** A comma-joined list parameter; `name` names it in the message of a repeated one. */
const commaList = (name: string) =>
  z.string({ message: `${name} must be given once, as a comma-joined list` }).transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  );

/** Comma-joined cluster ids; checked against the known clusters by the server. */
const subclustersSchema = z
  .string({ message: "subclusters must be given once, as a comma-joined list of cluster ids" })
  .optional();

/**
 * Query of `GET /api/applications`. `search` matches a part of the name, whatever the case;
 * `status` takes a comma-joined list of application statuses; `type` is `automotive` (tagged
 * `app_type_automotive`) or `mobile` (every other); `subclusters` names the clusters to list (all
 * when absent).
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
    .max(
      applicationSearchMaxLength,
      `search must be at most ${String(applicationSearchMaxLength)} characters`,
    )
    .optional(),
  status: commaList("status")
    .refine(
      (values) =>
        values.every((value) => (applicationStatuses as readonly string[]).includes(value)),
      `status must be a comma-joined list of ${applicationStatuses.join(", ")}`,
    )
    .optional(),
  type: z
    .enum(applicationTypes, { message: `type must be ${applicationTypes.join(" or ")}` })
    .optional(),
  subclusters: subclustersSchema,
});
export type ApplicationsListQuery = z.input<typeof applicationsListQuerySchema>;
export type ApplicationsListParsed = z.output<typeof applicationsListQuerySchema>;
