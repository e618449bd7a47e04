import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldGroup } from "./FieldGroup.tsx";
import { useFormField, type FieldBinding, type FieldChecking } from "./use-form-field.ts";

interface TextFieldProps<Values extends FieldValues>
  extends FieldBinding<Values, string>, Pick<FieldChecking<Values>, "revalidates"> {
  label: string;
  type?: "text" | "email" | "password";
  required?: boolean;
  help?: ReactNode;
  /** A good outcome, in Vanilla's success style (the name check: "The name is free"). */
  success?: string | undefined;
  /**
   * Checked as it is typed: its message shows at once rather than once the field is left, and
   * its messages are read out as they change (an answer arrives while the person types).
   */
  live?: boolean;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>["autoComplete"];
}

/** A labelled Vanilla text input bound to a react-hook-form field. */
export function TextField<Values extends FieldValues>({
  control,
  name,
  label,
  type = "text",
  required = false,
  help,
  success,
  live = false,
  revalidates,
  autoComplete = "off",
}: TextFieldProps<Values>) {
  const id = useId();
  const { ref, ...field } = useFormField({ control, name }, { live, revalidates });
  return (
    <FieldGroup
      id={id}
      label={label}
      required={required}
      error={field.error}
      success={success}
      help={help}
      live={live}
      control={(tie) => (
        <input
          className="p-form-validation__input"
          id={id}
          name={field.name}
          type={type}
          value={field.value}
          autoComplete={autoComplete}
          required={required}
          ref={ref}
          {...tie}
          onChange={(event) => {
            field.onChange(event.target.value);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
