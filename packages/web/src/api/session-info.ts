import { apiFetch } from "./api-fetch.ts";

/** What `GET /api/info` answers for a signed-in user (completed by the sign-in work). */
export interface SessionInfo {
  user: { fullname: string };
  dashboard_version: string;
}

export function fetchSessionInfo(signal?: AbortSignal): Promise<SessionInfo> {
  return apiFetch<SessionInfo>("/api/info", { signal });
}
