import {
  configPatchResponseSchema,
  configResponseSchema,
  type AmsConfigValue,
  type ConfigKeyView,
  type ConfigResponse,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { AmsConfigValue, ConfigKeyView };

// The `/api/config` calls: one cluster's configuration keys, described, and the change of one key.
// The answers are parsed with the contract's schemas: the page picks each key's editor from its
// type, bounds and allowed values, so a shape it does not expect must fail here, not in a field.
// A cluster's refusal (a value out of bounds, an unknown key) arrives as an ApiError whose message
// names the key.

/** `GET /api/config?clusterId=`: every key of the cluster, with what the dashboard knows of it. */
export async function fetchConfig(
  clusterId: string,
  signal?: AbortSignal,
): Promise<ConfigResponse> {
  const body = await apiFetch<unknown>("/api/config", { signal, params: { clusterId } });
  return configResponseSchema.parse(body);
}

/** `PATCH /api/config?clusterId=`: one key; answers with the key as it now is. */
export async function updateConfigKey(
  clusterId: string,
  name: string,
  value: AmsConfigValue,
): Promise<ConfigKeyView> {
  const body = await apiFetch<unknown>("/api/config", {
    method: "PATCH",
    params: { clusterId },
    body: { name, value },
  });
  return configPatchResponseSchema.parse(body).metadata;
}
