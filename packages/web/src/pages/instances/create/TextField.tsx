import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import { describedBy } from "./described-by.ts";

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown under the field in Vanilla's error style, and announced with it. */
  error: string | undefined;
  /** A positive outcome (the name is free), in Vanilla's success style. */
  success?: string;
  help?: ReactNode;
  type?: "text" | "number";
  min?: number;
  max?: number;
  unit?: string;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>["autoComplete"];
  /** Messages that change without the person acting on this field are read out when they do. */
  live?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled Vanilla input with its messages tied to it for screen readers. */
export function TextField({
  id,
  label,
  value,
  error,
  success,
  help,
  type = "text",
  min,
  max,
  autoComplete = "off",
  live = false,
  onChange,
  onBlur,
}: TextFieldProps) {
  const messageId = `${id}-message`;
  const helpId = `${id}-help`;
  const message = error ?? success;
  const state = error !== undefined ? " is-error" : success !== undefined ? " is-success" : "";
  return (
    <div className={`p-form__group p-form-validation${state}`}>
      <label className="p-form__label" htmlFor={id}>
        {label}
      </label>
      <div className="p-form__control">
        <input
          className="p-form-validation__input"
          id={id}
          name={id}
          type={type}
          inputMode={type === "number" ? "numeric" : undefined}
          min={min}
          max={max}
          step={type === "number" ? 1 : undefined}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(
            message !== undefined && messageId,
            help !== undefined && helpId,
          )}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        />
        <div aria-live={live ? "polite" : undefined}>
          {message !== undefined && (
            <p className="p-form-validation__message" id={messageId}>
              {message}
            </p>
          )}
          {help !== undefined && (
            <p className="p-form-help-text" id={helpId}>
              {help}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
