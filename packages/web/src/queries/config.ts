import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import {
  fetchConfig,
  updateConfigKey,
  type AmsConfigValue,
  type ConfigKeyView,
} from "../api/config.ts";
import { mutationToasts } from "../context/mutation-meta.ts";
import { queryKeys } from "../context/query-keys.ts";

// A cluster's configuration. Its keys sit under the "config" root, which the `config-updated`
// lifecycle event refreshes, so a change made elsewhere (another browser, the cluster's own API)
// shows without a reload.

function configQuery(clusterId: string) {
  return queryOptions({
    queryKey: queryKeys.configOf(clusterId),
    queryFn: ({ signal }) => fetchConfig(clusterId, signal),
  });
}

/** The configuration keys of one cluster; nothing is asked while `clusterId` is not known yet. */
export function useConfig(clusterId: string | undefined) {
  return useQuery({ ...configQuery(clusterId ?? ""), enabled: clusterId !== undefined });
}

/** What a save sends: one key of one cluster. */
export interface ConfigKeyChange {
  clusterId: string;
  name: string;
  value: AmsConfigValue;
}

/**
 * Sets one key. The cluster's refusal is the mutation's error, which the key's field shows in the
 * cluster's words (no toast: the field is where the person looks); a success is a toast and a
 * fresh read of the cluster's configuration.
 */
export function useUpdateConfigKey() {
  return useMutation({
    mutationFn: ({ clusterId, name, value }: ConfigKeyChange) =>
      updateConfigKey(clusterId, name, value),
    meta: {
      toasts: mutationToasts<ConfigKeyView, ConfigKeyChange>({
        success: (key, { clusterId }) => ({
          kind: "success",
          title: `Saved ${key.name}`,
          message: `Now ${String(key.value)} on cluster ${clusterId}.`,
        }),
      }),
      invalidates: [queryKeys.config()],
    },
  });
}
