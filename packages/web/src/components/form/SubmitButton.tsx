import type { ReactNode } from "react";

interface SubmitButtonProps {
  /** Vanilla's button class: `p-button--positive` for the main action, `p-button` for another. */
  className: string;
  /** Tells two submit buttons of one form apart (`event.nativeEvent.submitter`). */
  value?: string;
  /** While what this button sent is under way: it says `busyLabel`, is marked busy and sends nothing. */
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
 *
 * Disabled (and busy) with `aria-disabled`, not `disabled`: a form that stays after sending (a
 * dialog's, a row's) would otherwise drop the focus of the keyboard user who pressed it to the
 * page's body, outside the dialog. A click or an Enter in a field then sends nothing.
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
  const unavailable = disabled || busy;
  return (
    <button
      className={unavailable ? `${className} is-disabled` : className}
      type="submit"
      value={value}
      aria-disabled={unavailable}
      aria-busy={busy}
      data-tour={tourTarget}
      onMouseDown={(event) => {
        event.preventDefault();
      }}
      onClick={(event) => {
        // Also the click an Enter in one of the form's fields makes on its submit button.
        if (unavailable) event.preventDefault();
      }}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
