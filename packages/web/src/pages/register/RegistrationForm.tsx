import { useState, type SyntheticEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { registrationLimits, type RegistrationInfo } from "@anbox-dashboard/contract";
import { ApiError } from "../../api/api-fetch.ts";
import { submitRegistration } from "../../api/registration.ts";
import { queryKeys } from "../../context/query-keys.ts";
import { FormField } from "./FormField.tsx";
import { validateRegistrationForm, type RegistrationFormValues } from "./validate-form.ts";

type Field = keyof RegistrationFormValues;

const emptyValues: RegistrationFormValues = {
  fullname: "",
  email: "",
  password: "",
  confirmPassword: "",
};

/** The account form of a valid link, for the embedded identity provider (a password is set here). */
export function RegistrationForm({ token, info }: { token: string; info: RegistrationInfo }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyValues);
  // A message shows once its field was left or the form was sent: not while typing the first letter.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const errors = validateRegistrationForm(values, info.needsEmail);

  const registration = useMutation({
    mutationFn: submitRegistration,
    onSuccess: async (result) => {
      // Signed in now: whatever was cached about the (absent) session is stale.
      await queryClient.invalidateQueries({ queryKey: queryKeys.info() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.authInfo() });
      await navigate(result.next, { replace: true });
    },
    onError: async (error) => {
      // Used or expired meanwhile: let the page say so plainly instead of the form.
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.registration(token) });
      }
    },
  });

  const field = (id: Field) => ({
    id,
    value: values[id],
    error: touched[id] === true ? errors[id] : undefined,
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [id]: value }));
    },
    onBlur: () => {
      setTouched((current) => ({ ...current, [id]: true }));
    },
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ fullname: true, email: true, password: true, confirmPassword: true });
    if (Object.keys(errors).length > 0) return;
    registration.mutate({
      token,
      fullname: values.fullname.trim(),
      email: info.needsEmail ? values.email.trim() : undefined,
      password: values.password,
    });
  };

  return (
    <form className="p-form registration-form" noValidate onSubmit={submit}>
      {info.needsEmail ? (
        <p>Choose the name and e-mail address you sign in with, and a password.</p>
      ) : (
        <p>
          You are registering as <strong>{info.email}</strong>. Choose your name and a password.
        </p>
      )}
      {registration.isError && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <h2 className="p-notification__title">The account was not created</h2>
            <p className="p-notification__message">{registration.error.message}</p>
          </div>
        </div>
      )}
      <FormField {...field("fullname")} label="Full name" type="text" autoComplete="name" />
      {info.needsEmail && (
        <FormField {...field("email")} label="E-mail address" type="email" autoComplete="email" />
      )}
      <FormField
        {...field("password")}
        label="Password"
        type="password"
        autoComplete="new-password"
        help={`At least ${registrationLimits.passwordMinLength} characters.`}
      />
      <FormField
        {...field("confirmPassword")}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
      <button
        className="p-button--positive"
        type="submit"
        disabled={registration.isPending}
        aria-busy={registration.isPending}
      >
        {registration.isPending ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
