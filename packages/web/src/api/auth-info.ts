import { authInfoSchema, type AuthInfo } from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export async function fetchAuthInfo(signal?: AbortSignal): Promise<AuthInfo> {
  return authInfoSchema.parse(await apiFetch<unknown>("/api/auth-info", { signal }));
}
