import type { GrantedBy } from "@anbox-dashboard/contract";

/** Where a permission comes from, as a table cell says it. */
export function grantedByText(grantedBy: GrantedBy): string {
  if ("owner" in grantedBy) return "You made it (owner)";
  return grantedBy.fromProvider === true
    ? `Group ${grantedBy.group} (from your identity provider)`
    : `Group ${grantedBy.group}`;
}
