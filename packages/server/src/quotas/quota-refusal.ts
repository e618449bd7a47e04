import {
  describeQuotaLimit,
  formatQuotaValue,
  quotaKeyLabels,
  type GroupLimit,
} from "@anbox-dashboard/contract";
import { PermissionRefusal } from "../auth/access.ts";
import type { Database } from "../store/database.ts";
import { permissionsByGroup } from "../store/authorization-groups.ts";

/** A limit an act would go over. */
export interface OverLimit {
  group: string;
  limit: GroupLimit;
  used: number;
  adds: number;
}

/** A limit that an act would go over: the audit trail records it as refused, as a permission. */
export class QuotaRefusal extends PermissionRefusal {}

/** Why an act goes over a limit, with who may raise it: "Group testers may have at most ...". */
export async function quotaRefusal(
  db: Database,
  over: OverLimit,
  doing: string,
): Promise<QuotaRefusal> {
  const { group, limit, used, adds } = over;
  const label = quotaKeyLabels[limit.key];
  return new QuotaRefusal(
    403,
    `Quota reached: group ${group} may have ${describeQuotaLimit(limit)}, and has ${formatQuotaValue(limit.key, used)} ${label}; ${doing} would make ${formatQuotaValue(limit.key, used + adds)}. ${await whoMayRaise(db)}`,
  );
}

/** Who may change a group's limits: who holds admin on server (groups.ts decides it). */
export async function whoMayRaise(db: Database): Promise<string> {
  const byGroup = await permissionsByGroup(db);
  const admins = [...byGroup]
    .filter(([, grants]) =>
      grants.some((grant) => grant.entitlement === "admin" && grant.resource === "server"),
    )
    .map(([group]) => group);
  return `An administrator (admin on server${admins.length > 0 ? `: group ${admins.join(", ")}` : ""}) can raise it.`;
}
