import type { SessionInfo } from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { SessionInfo };

/** `GET /api/info`: the signed-in user's session info on a cluster (the first when none named). */
export function fetchSessionInfo(signal?: AbortSignal, clusterId?: string): Promise<SessionInfo> {
  return apiFetch<SessionInfo>("/api/info", { signal, params: { clusterId } });
}
