import {
  isEntitlement,
  isResourceName,
  type EffectivePermissions,
  type GrantedBy,
  type Permission,
} from "@anbox-dashboard/contract";

// `GET /api/auth/permissions` read by hand, not with zod: it is asked before the first page shows,
// whose scripts have a budget (make budget), and zod would weigh a fifth of it.

type Metadata = EffectivePermissions["metadata"];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function permissionOf(value: unknown): Permission | undefined {
  if (!isObject(value)) return undefined;
  const { entitlement, resource } = value;
  if (typeof entitlement !== "string" || typeof resource !== "string") return undefined;
  return isEntitlement(entitlement) && isResourceName(resource)
    ? { entitlement, resource }
    : undefined;
}

function grantedByOf(value: unknown): GrantedBy | undefined {
  if (!isObject(value)) return undefined;
  if (value.owner === true) return { owner: true };
  if (typeof value.group !== "string") return undefined;
  return { group: value.group, fromProvider: value.fromProvider === true };
}

function viewedOf(value: unknown): Metadata["viewingAs"] {
  if (!isObject(value)) return null;
  const { id, name, email } = value;
  if (typeof id !== "string" || typeof name !== "string" || typeof email !== "string") return null;
  return { id, name, email };
}

function listOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const read_ = read(item);
    if (read_ === undefined) return undefined;
    items.push(read_);
  }
  return items;
}

/**
 * The answer's `metadata`, or an error naming what is wrong: a permission this version does not
 * know is an error too, rather than a guess at what it allows.
 */
export function readPermissions(answer: unknown): Metadata {
  const metadata = isObject(answer) ? answer.metadata : undefined;
  if (!isObject(metadata)) throw new Error("The permissions answer has no metadata.");
  const groups = listOf(metadata.groups, (item) => (typeof item === "string" ? item : undefined));
  const permissions = listOf(metadata.permissions, (item) => {
    const permission = permissionOf(item);
    const grantedBy = isObject(item) ? grantedByOf(item.grantedBy) : undefined;
    return permission === undefined || grantedBy === undefined
      ? undefined
      : { ...permission, grantedBy };
  });
  const grantsByGroup = listOf(metadata.grantsByGroup, (item) => {
    if (!isObject(item) || typeof item.group !== "string") return undefined;
    const granted = listOf(item.permissions, permissionOf);
    return granted === undefined ? undefined : { group: item.group, permissions: granted };
  });
  if (groups === undefined || permissions === undefined || grantsByGroup === undefined) {
    throw new Error("The permissions answer is not one: groups, permissions or grantsByGroup.");
  }
  // Groups from the identity provider: absent from a server older than them, read as none.
  const names = (value: unknown) =>
    listOf(value ?? [], (item) => (typeof item === "string" ? item : undefined)) ?? [];
  return {
    groups,
    providerGroups: names(metadata.providerGroups),
    groupsFromProvider: names(metadata.groupsFromProvider),
    permissions,
    grantsByGroup,
    viewingAs: viewedOf(metadata.viewingAs),
  };
}
