import type { SubmitEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import {
  registrationFormSchema,
  registrationLimits,
  type RegistrationFormValues,
  type RegistrationInfo,
} from "@anbox-dashboard/contract";
import { SubmitButton } from "../../components/form/SubmitButton.tsx";
import { useFormSubmission } from "../../components/form/use-form-submission.ts";
import { TextField } from "../../components/form/TextField.tsx";
import { useSubmitRegistration } from "../../queries/registration.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

const emptyValues: RegistrationFormValues = {
  fullname: "",
  email: "",
  password: "",
  confirmPassword: "",
};

/**
 * The account form of a valid link, for the embedded identity provider (a password is set here).
 * Its rules are the server's, from the contract; a message shows once its field was left or the
 * form sent, and sending a wrong form moves the focus to the first wrong field.
 */
export function RegistrationForm({ token, info }: { token: string; info: RegistrationInfo }) {
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<RegistrationFormValues>({
    defaultValues: emptyValues,
    mode: "all",
    resolver: zodResolver(registrationFormSchema(info.needsEmail)),
  });
  const registration = useSubmitRegistration(token, async (result) => {
    await navigate(result.next, { replace: true });
  });

  const submission = useFormSubmission({ endsForm: true });
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      // The link works once, so it is sent once (the route is public: the key goes unused).
      const sent = {
        token,
        fullname: values.fullname.trim(),
        email: info.needsEmail ? values.email.trim() : undefined,
        password: values.password,
      };
      await submission.send(sent, () => registration.mutateAsync(sent));
    })(event),
  );

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
        <ErrorNotice title="The account was not created" error={registration.error} />
      )}
      <TextField control={control} name="fullname" label="Full name" required autoComplete="name" />
      {info.needsEmail && (
        <TextField
          control={control}
          name="email"
          label="E-mail address"
          type="email"
          required
          autoComplete="email"
        />
      )}
      <TextField
        control={control}
        name="password"
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        help={`At least ${registrationLimits.passwordMinLength} characters.`}
        // The confirmation's message says whether the two match: it changes with the password.
        revalidates={["confirmPassword"]}
      />
      <TextField
        control={control}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        required
        autoComplete="new-password"
      />
      <SubmitButton
        className="p-button--positive"
        disabled={submission.pending}
        busy={submission.pending}
        busyLabel="Creating your account…"
      >
        Create account
      </SubmitButton>
    </form>
  );
}
