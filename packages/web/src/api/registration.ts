import {
  registrationInfoSchema,
  registrationResultSchema,
  type RegistrationInfo,
  type RegistrationRequest,
  type RegistrationResult,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

/** What became of a registration link (public: the person has no account yet). */
export async function fetchRegistration(
  token: string,
  signal?: AbortSignal,
): Promise<RegistrationInfo> {
  return registrationInfoSchema.parse(
    await apiFetch<unknown>("/api/registration", { params: { token }, signal }),
  );
}

/** Registers with the embedded identity provider; on success the browser is signed in. */
export async function submitRegistration(body: RegistrationRequest): Promise<RegistrationResult> {
  return registrationResultSchema.parse(
    await apiFetch<unknown>("/api/registration", { method: "POST", body }),
  );
}
