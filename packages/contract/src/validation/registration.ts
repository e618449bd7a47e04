import { z } from "zod";
import { registrationLimits } from "../api/registration.ts";

export interface RegistrationFields {
  fullname: string;
  /** Undefined when the link carries the address. */
  email: string | undefined;
  password: string;
}

export type RegistrationFieldErrors = Partial<Record<keyof RegistrationFields, string>>;

// Deliberately loose: one "@" with something on both sides and a dot in the domain. The real
// check is that the person can sign in with it; a stricter pattern only rejects real addresses.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The per-field messages of the registration form; the page and the server use the same rules. */
export function validateRegistrationFields(fields: RegistrationFields): RegistrationFieldErrors {
  const errors: RegistrationFieldErrors = {};
  const fullname = fields.fullname.trim();
  if (fullname === "") errors.fullname = "Enter your full name.";
  else if (fullname.length > registrationLimits.fullnameMaxLength) {
    errors.fullname = `Your full name can have at most ${registrationLimits.fullnameMaxLength} characters.`;
  }
  if (fields.email !== undefined) {
    const emailError = emailAddressError(fields.email);
    if (emailError !== undefined) errors.email = emailError;
  }
  if (fields.password.length < registrationLimits.passwordMinLength) {
    errors.password = `Choose a password of at least ${registrationLimits.passwordMinLength} characters.`;
  } else if (fields.password.length > registrationLimits.passwordMaxLength) {
    errors.password = `Choose a password of at most ${registrationLimits.passwordMaxLength} characters.`;
  }
  return errors;
}

/** Why this is not an e-mail address the dashboard accepts; undefined when it is one. */
export function emailAddressError(text: string): string | undefined {
  const email = text.trim();
  if (email === "") return "Enter your e-mail address.";
  if (email.length > registrationLimits.emailMaxLength || !emailPattern.test(email)) {
    return "Enter an e-mail address like name@example.com.";
  }
  return undefined;
}

/** The second typing of the password, which only the form asks for (the server gets one). */
const passwordConfirmationMessages = {
  missing: "Enter the password again.",
  mismatch: "The passwords do not match.",
} as const;

/**
 * The registration form: the server's rules above for each field, plus the confirmation of the
 * password. `email` is only checked when the link leaves it to the person (`needsEmail`).
 */
export function registrationFormSchema(needsEmail: boolean) {
  return z
    .object({
      fullname: z.string(),
      email: z.string(),
      password: z.string(),
      confirmPassword: z.string(),
    })
    .superRefine((values, context) => {
      const errors = validateRegistrationFields({
        fullname: values.fullname,
        email: needsEmail ? values.email : undefined,
        password: values.password,
      });
      for (const [field, message] of Object.entries(errors)) {
        context.addIssue({ code: "custom", path: [field], message });
      }
      if (values.confirmPassword === "") {
        context.addIssue({
          code: "custom",
          path: ["confirmPassword"],
          message: passwordConfirmationMessages.missing,
        });
      } else if (values.confirmPassword !== values.password) {
        context.addIssue({
          code: "custom",
          path: ["confirmPassword"],
          message: passwordConfirmationMessages.mismatch,
        });
      }
    });
}

/** What the registration form holds. */
export type RegistrationFormValues = z.input<ReturnType<typeof registrationFormSchema>>;
