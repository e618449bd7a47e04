import { z } from "zod";

/** What became of a registration link: only a `valid` one can still be used. */
export const registrationStates = ["valid", "used", "expired", "unknown"] as const;
export const registrationStateSchema = z.enum(registrationStates);
export type RegistrationState = z.infer<typeof registrationStateSchema>;

/** `GET /api/registration?token=`: what the registration page needs to know about its link. */
export const registrationInfoSchema = z.object({
  state: registrationStateSchema,
  /** The address the link was made for; "" when the person gives it (appliance) or the link is not valid. */
  email: z.string(),
  /** True when the form must ask for the e-mail address. */
  needsEmail: z.boolean(),
  /** True when people sign in at an external provider: no password is set here. */
  isExternalIdp: z.boolean(),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

/** `POST /api/registration`: the form, for the embedded identity provider. */
export const registrationRequestSchema = z.object({
  token: z.string(),
  fullname: z.string(),
  /** Only read when the link was made without an address. */
  email: z.string().optional(),
  password: z.string(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** The answer to a successful registration: the person is signed in; where to go next. */
export const registrationResultSchema = z.object({ next: z.string() });
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** Rules the form and the server apply (the embedded identity provider's own, in idp/accounts.ts). */
export const registrationLimits = {
  fullnameMaxLength: 200,
  emailMaxLength: 254,
  passwordMinLength: 10,
  passwordMaxLength: 1024,
} as const;
