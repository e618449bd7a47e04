import type { ReactNode } from "react";
import { Link } from "react-router";

interface Props {
  children: ReactNode;
  /** Where the action goes (a form, prefilled). */
  to: string;
  /** Why the action is not available now: a disabled button saying so instead of the link. */
  reason: string | undefined;
  className: string;
  /** Its name where the text alone is ambiguous ("Create instance from web-app"). */
  label?: string;
  /** The onboarding tour's step that points at it, if any. */
  tourStep?: string;
}

/** An action that is a page to go to (create an instance from this), or why it is not available. */
export function ActionLink({ children, to, reason, className, label, tourStep }: Props) {
  if (reason === undefined) {
    return (
      <Link className={className} to={to} aria-label={label} data-tour={tourStep}>
        {children}
      </Link>
    );
  }
  // Reachable from the keyboard, saying why it does nothing (ActionButton says why not disabled).
  return (
    <button
      type="button"
      className={`${className} is-disabled`}
      aria-label={label}
      title={reason}
      aria-disabled
      data-tour={tourStep}
    >
      {children}
    </button>
  );
}
