import type { UserEvent } from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

/** `POST /api/user-events`: remembers something the user did (closing the update modal, say). */
export async function postUserEvent(event: UserEvent): Promise<void> {
  await apiFetch<unknown>("/api/user-events", { method: "POST", body: event });
}
