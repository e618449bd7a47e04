import type { RegistrationState } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";

/** The messages for a link that cannot be used; the registration page words them the same way. */
export const linkStateMessages: Record<Exclude<RegistrationState, "valid">, string> = {
  used: "This registration link has already been used.",
  expired: "This registration link has expired. Ask for a new one with `bin/dashboard register`.",
  unknown: "This registration link is not valid.",
};

/** 410 Gone for a link that existed (used, expired), 404 for one that never did. */
export function linkStateError(state: Exclude<RegistrationState, "valid">): HttpError {
  return new HttpError(state === "unknown" ? 404 : 410, linkStateMessages[state]);
}
