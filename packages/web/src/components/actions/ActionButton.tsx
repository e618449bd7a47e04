import type { ReactNode } from "react";

interface Props {
  /** What the button says. */
  children: ReactNode;
  /** Why the action is not available now; the button is then disabled and says so. */
  reason: string | undefined;
  onClick: () => void;
  className: string;
  /** Its name where the text alone is ambiguous (a row's "Delete": "Delete web-1"). */
  label?: string;
}

/**
 * An action on a resource: offered, or disabled with the reason it is not available now in its
 * tooltip (and read with the button), never hidden. Disabled with `aria-disabled`, not
 * `disabled`: it stays in the tab order, so that a keyboard user reaches it and hears why it does
 * nothing (a `disabled` button is skipped, its reason only for a mouse).
 */
export function ActionButton({ children, reason, onClick, className, label }: Props) {
  return (
    <button
      type="button"
      className={reason === undefined ? className : `${className} is-disabled`}
      aria-label={label}
      title={reason}
      aria-disabled={reason !== undefined}
      onClick={() => {
        if (reason === undefined) onClick();
      }}
    >
      {children}
    </button>
  );
}
