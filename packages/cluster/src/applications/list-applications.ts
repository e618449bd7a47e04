import { z } from "zod";
import { applicationStatuses, type AmsApplication } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import { parseInput } from "../http/validate.ts";
import type { ListQuery } from "../http/list-query.ts";
import { listVersions, toApplication } from "./application-store.ts";
import { applicationUrl } from "./application-state.ts";

const booleanText = z.enum(["true", "false", "1", "0"], { message: "must be true or false" });
const csv = z.string().transform((text) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== ""),
);

/** The filters of `GET /1.0/applications` (AMS's, plus `type=vm|container` as the instance list has). */
export const applicationFiltersSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  instance_type: z.string().optional(),
  status: z
    .enum(applicationStatuses, { message: `must be one of ${applicationStatuses.join(", ")}` })
    .optional(),
  boot_package: z.string().optional(),
  immutable: booleanText.optional(),
  inhibit_auto_updates: booleanText.optional(),
  published: booleanText.optional(),
  addons: csv.optional(),
  abi: z.string().optional(),
  tags: csv.optional(),
  vm: booleanText.optional(),
  type: z.enum(["vm", "container"], { message: "must be vm or container" }).optional(),
});

const isTrue = (text: string): boolean => text === "true" || text === "1";

/**
 * Lists applications, newest first. Scalar filters run in the query; tag, addon and `published`
 * filters (JSON columns and versions) after it: a cluster holds tens of applications, not thousands.
 */
export async function listApplications(
  db: ClusterDatabase,
  query: unknown,
  paging: ListQuery,
): Promise<{ items: (AmsApplication | string)[]; total: number }> {
  const filters = parseInput(applicationFiltersSchema, query ?? {}, "application filters");
  let select = db.selectFrom("applications").selectAll();
  if (filters.id !== undefined) select = select.where("id", "=", filters.id);
  if (filters.name !== undefined) select = select.where("name", "=", filters.name);
  if (filters.instance_type !== undefined) {
    select = select.where("instance_type", "=", filters.instance_type);
  }
  if (filters.status !== undefined) select = select.where("status", "=", filters.status);
  if (filters.boot_package !== undefined) {
    select = select.where("boot_package", "=", filters.boot_package);
  }
  if (filters.immutable !== undefined) {
    select = select.where("immutable", "=", isTrue(filters.immutable) ? 1 : 0);
  }
  if (filters.inhibit_auto_updates !== undefined) {
    select = select.where(
      "inhibit_auto_updates",
      "=",
      isTrue(filters.inhibit_auto_updates) ? 1 : 0,
    );
  }
  if (filters.abi !== undefined) select = select.where("abi", "=", filters.abi);
  if (filters.vm !== undefined) select = select.where("vm", "=", isTrue(filters.vm) ? 1 : 0);
  if (filters.type !== undefined) select = select.where("vm", "=", filters.type === "vm" ? 1 : 0);
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  const versions = await listVersions(
    db,
    rows.map((row) => row.id),
  );
  let applications = rows.map((row) => toApplication(row, versions.get(row.id) ?? []));
  const { tags, addons, published } = filters;
  if (tags !== undefined) {
    applications = applications.filter((app) => tags.every((tag) => app.tags.includes(tag)));
  }
  if (addons !== undefined) {
    applications = applications.filter((app) =>
      addons.every((addon) => app.addons.includes(addon)),
    );
  }
  if (published !== undefined) {
    applications = applications.filter((app) => app.published === isTrue(published));
  }
  const total = applications.length;
  const page = applications.slice(
    paging.offset,
    paging.limit === undefined ? undefined : paging.offset + paging.limit,
  );
  return {
    items: paging.recursion ? page : page.map((app) => applicationUrl(app.id)),
    total,
  };
}
