import { readPermissions } from "../permissions/read-permissions.ts";
import {
  type EffectivePermissions,
  type EntitlementCatalogueResponse,
  type GroupDetail,
  type GroupReplaceInput,
  type GroupSummary,
  type IdentitySummary,
  type ProviderGroupsResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { EffectivePermissions, GroupDetail, GroupSummary, IdentitySummary };

/** `GET /api/auth/permissions`: what the signed-in user may do, and what each group grants. */
export async function fetchMyPermissions(
  signal?: AbortSignal,
): Promise<EffectivePermissions["metadata"]> {
  return readPermissions(await apiFetch<unknown>("/api/auth/permissions", { signal }));
}

/** `GET /api/auth/entitlements`: every entitlement with its description, per resource kind. */
export async function fetchEntitlementCatalogue(
  signal?: AbortSignal,
): Promise<EntitlementCatalogueResponse["metadata"]> {
  return (await apiFetch<EntitlementCatalogueResponse>("/api/auth/entitlements", { signal }))
    .metadata;
}

export async function fetchGroups(signal?: AbortSignal): Promise<GroupSummary[]> {
  return (await apiFetch<{ metadata: GroupSummary[] }>("/api/auth/groups", { signal })).metadata;
}

export async function fetchGroup(name: string, signal?: AbortSignal): Promise<GroupDetail> {
  return (
    await apiFetch<{ metadata: GroupDetail }>(`/api/auth/groups/${encodeURIComponent(name)}`, {
      signal,
    })
  ).metadata;
}

/** Makes a group; `idempotencyKey` is the form submission's (a double click makes one). */
export async function createGroup(
  input: { name: string; description: string },
  idempotencyKey: string,
): Promise<void> {
  await apiFetch("/api/auth/groups", { method: "POST", body: input, idempotencyKey });
}

/** Replaces a group's description and permissions as a whole. */
export async function replaceGroup(name: string, input: GroupReplaceInput): Promise<void> {
  await apiFetch(`/api/auth/groups/${encodeURIComponent(name)}`, { method: "PUT", body: input });
}

export async function deleteGroup(name: string): Promise<void> {
  await apiFetch(`/api/auth/groups/${encodeURIComponent(name)}`, { method: "DELETE" });
}

export async function fetchIdentities(signal?: AbortSignal): Promise<IdentitySummary[]> {
  return (await apiFetch<{ metadata: IdentitySummary[] }>("/api/auth/identities", { signal }))
    .metadata;
}

/** Replaces an identity's groups as a whole. */
export async function setIdentityGroups(id: string, groups: readonly string[]): Promise<void> {
  await apiFetch(`/api/auth/identities/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { groups },
  });
}

/** A resource a permission may be given on, as the editor offers it: its id and what to call it. */
export interface ResourceChoice {
  id: string;
  label: string;
}

const listPaths = {
  instance: "/api/instances",
  application: "/api/applications",
  image: "/api/images",
  node: "/api/nodes",
} as const;

/**
 * The resources of a kind in a cluster that the editor may view (the lists show only those), for
 * the permission editor: the first 100, by name.
 */
export async function fetchResourceChoices(
  kind: keyof typeof listPaths,
  clusterId: string,
  signal?: AbortSignal,
): Promise<ResourceChoice[]> {
  const answer = await apiFetch<{ metadata: { id?: string; name: string }[] }>(listPaths[kind], {
    signal,
    params: {
      subclusters: clusterId,
      page: "1",
      size: "100",
      orderBy: "name",
      order: "asc",
    },
  });
  return answer.metadata.map((item) => {
    // A node is named by its name; the others by id, shown with their name.
    const id = kind === "node" ? item.name : (item.id ?? item.name);
    return { id, label: id === item.name ? item.name : `${item.name} (${id})` };
  });
}

/** Shows this browser the dashboard as `identityId` would see it, read-only (admins only). */
export async function startViewingAs(identityId: string): Promise<void> {
  await apiFetch("/api/profile/view-as", { method: "PUT", body: { identity: identityId } });
}

/** Back to the dashboard as the signed-in user sees it. */
export async function stopViewingAs(): Promise<void> {
  await apiFetch("/api/profile/view-as", { method: "DELETE" });
}

/** The identity provider's groups mapped to dashboard groups, and the claim that names them. */
export async function fetchProviderGroups(signal?: AbortSignal): Promise<ProviderGroupsResponse> {
  return apiFetch<ProviderGroupsResponse>("/api/auth/identity-provider-groups", { signal });
}

/** Maps a provider group to exactly these groups (none: the mapping is removed). */
export async function setProviderGroupMapping(
  name: string,
  groups: readonly string[],
): Promise<void> {
  await apiFetch(`/api/auth/identity-provider-groups/${encodeURIComponent(name)}`, {
    method: "PUT",
    body: { groups },
  });
}
