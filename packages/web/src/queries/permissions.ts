import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  createGroup,
  deleteGroup,
  fetchEntitlementCatalogue,
  fetchGroup,
  fetchGroups,
  fetchIdentities,
  fetchMyPermissions,
  fetchProviderGroups,
  fetchResourceChoices,
  replaceGroup,
  setIdentityGroups,
  setProviderGroupMapping,
} from "../api/permissions.ts";
import type { GroupReplaceInput } from "@anbox-dashboard/contract";
import { queryKeys } from "../context/query-keys.ts";

/**
 * What the signed-in user may do. Read again every half minute and when the window regains focus:
 * an admin may change it at any time, and the server applies a change at once.
 */
export function myPermissionsQuery() {
  return queryOptions({
    queryKey: queryKeys.myPermissions(),
    queryFn: ({ signal }) => fetchMyPermissions(signal),
    staleTime: 30_000,
    refetchInterval: 30_000,
    // The session waits for it (RequireSession): a failure shows the pages at once, with every
    // action offered, and the next interval asks again.
    retry: false,
  });
}

export function useMyPermissions() {
  return useQuery(myPermissionsQuery());
}

export function useEntitlementCatalogue() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.entitlementCatalogue(),
      queryFn: ({ signal }) => fetchEntitlementCatalogue(signal),
      staleTime: Infinity,
    }),
  );
}

export function useGroups() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.groups(), queryFn: ({ signal }) => fetchGroups(signal) }),
  );
}

export function useGroup(name: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.group(name ?? ""),
      queryFn: ({ signal }) => fetchGroup(name ?? "", signal),
      enabled: name !== undefined,
    }),
  );
}

export function useIdentities() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.identities(),
      queryFn: ({ signal }) => fetchIdentities(signal),
    }),
  );
}

export function useProviderGroups(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.providerGroups(),
      queryFn: ({ signal }) => fetchProviderGroups(signal),
      enabled,
    }),
  );
}

/** After any change, every permissions answer (the user's own included) is read again. */
const afterChange = { invalidates: [queryKeys.permissions(), queryKeys.clusters()] };

export function useCreateGroup() {
  return useMutation({
    mutationFn: (input: { name: string; description: string; idempotencyKey: string }) =>
      createGroup({ name: input.name, description: input.description }, input.idempotencyKey),
    meta: afterChange,
  });
}

export function useReplaceGroup(name: string) {
  return useMutation({
    mutationFn: (input: GroupReplaceInput) => replaceGroup(name, input),
    meta: afterChange,
  });
}

export function useDeleteGroup() {
  return useMutation({ mutationFn: (name: string) => deleteGroup(name), meta: afterChange });
}

export function useSetIdentityGroups() {
  return useMutation({
    mutationFn: (input: { id: string; groups: readonly string[] }) =>
      setIdentityGroups(input.id, input.groups),
    meta: afterChange,
  });
}

/** The resources of a kind in a cluster the editor may give permissions on (see the api). */
export function useResourceChoices(
  kind: "instance" | "application" | "image" | "node" | undefined,
  clusterId: string,
) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.permissions(), "choices", kind ?? "", clusterId] as const,
      queryFn: ({ signal }) =>
        kind === undefined ? Promise.resolve([]) : fetchResourceChoices(kind, clusterId, signal),
      enabled: kind !== undefined && clusterId !== "",
    }),
  );
}

export function useSetProviderGroupMapping() {
  return useMutation({
    mutationFn: (input: { name: string; groups: readonly string[] }) =>
      setProviderGroupMapping(input.name, input.groups),
    meta: afterChange,
  });
}
