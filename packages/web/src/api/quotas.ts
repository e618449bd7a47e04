import type { GroupQuota, GroupUsageResponse, QuotasResponse } from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

/** `GET /api/quotas`: the limits of the signed-in user's groups, with each group's usage. */
export async function fetchQuotas(signal?: AbortSignal): Promise<GroupQuota[]> {
  return (await apiFetch<QuotasResponse>("/api/quotas", { signal })).metadata;
}

/** `GET /api/auth/groups/{name}/usage`: what a group's members use, and of each limit. */
export async function fetchGroupUsage(name: string, signal?: AbortSignal): Promise<GroupQuota> {
  return (
    await apiFetch<GroupUsageResponse>(`/api/auth/groups/${encodeURIComponent(name)}/usage`, {
      signal,
    })
  ).metadata;
}
