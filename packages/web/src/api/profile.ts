import {
  endedSessionsSchema,
  profileSchema,
  type EndedSessions,
  type Profile,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { Profile, ProfileSession } from "@anbox-dashboard/contract";

/** `GET /api/profile`: who is signed in, where they sign in, and their live sessions. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await apiFetch<unknown>("/api/profile", { signal }));
}

/** Ends every session of the user but this one (a lost laptop, a shared computer). */
export async function endOtherSessions(): Promise<EndedSessions> {
  return endedSessionsSchema.parse(
    await apiFetch<unknown>("/api/profile/sessions", { method: "DELETE" }),
  );
}
