import type { IdentitySummary } from "@anbox-dashboard/contract";
import type { UserRow } from "../../store/users.ts";

/** A user as the permissions API shows an identity. */
export function toIdentitySummary(user: UserRow, groups: readonly string[]): IdentitySummary {
  return {
    id: user.id,
    name: user.fullname,
    email: user.email,
    authentication_method: "oidc",
    groups: [...groups],
  };
}
