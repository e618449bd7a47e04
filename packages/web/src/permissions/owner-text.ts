import type { ResourceOwner } from "@anbox-dashboard/contract";

/** Who owns a resource, as its page says it (ownership: docs/permissions.md). */
export function ownerText(owner: ResourceOwner): string {
  return owner === null
    ? "No one: it was not made through this dashboard"
    : `${owner.name} (${owner.email})`;
}
