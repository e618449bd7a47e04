import type { ReactNode } from "react";

interface SubmitButtonProps {
  /** Vanilla's button class: `p-button--positive` for the main action, `p-button` for another. */
  className: string;
  /** Tells two submit buttons of one form apart (`event.nativeEvent.submitter`). */
  value?: string;
  /** While what this button sent is under way: it says `busyLabel` and is marked busy. */
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  /** Marks the button for the onboarding tour's step that asks for this click (`data-tour`). */
  tourTarget?: string;
  children: ReactNode;
}

/**
 * A form's submit button. A press does not take the focus from the field being typed in: that
 * field's message would show as it is left (`useFormField`) and push the button down between the
 * press and the release, and the click would be lost. Sending the form shows every message and
 * moves the focus to the first wrong field anyway.
 */
export function SubmitButton({
  className,
  value,
  busy = false,
  busyLabel,
  disabled = false,
  tourTarget,
  children,
}: SubmitButtonProps) {
  return (
    <button
      className={className}
      type="submit"
      value={value}
      disabled={disabled}
      aria-busy={busy}
      data-tour={tourTarget}
      onMouseDown={(event) => {
        event.preventDefault();
      }}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
