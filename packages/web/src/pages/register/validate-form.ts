import {
  validateRegistrationFields,
  type RegistrationFieldErrors,
} from "@anbox-dashboard/contract";

export interface RegistrationFormValues {
  fullname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationFormErrors = RegistrationFieldErrors & { confirmPassword?: string };

/** The server's rules (shared through the contract), plus the confirmation only a form has. */
export function validateRegistrationForm(
  values: RegistrationFormValues,
  needsEmail: boolean,
): RegistrationFormErrors {
  const errors: RegistrationFormErrors = validateRegistrationFields({
    fullname: values.fullname,
    email: needsEmail ? values.email : undefined,
    password: values.password,
  });
  if (values.confirmPassword === "") errors.confirmPassword = "Enter the password again.";
  else if (values.confirmPassword !== values.password) {
    errors.confirmPassword = "The passwords do not match.";
  }
  return errors;
}
