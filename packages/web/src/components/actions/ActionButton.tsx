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
 * tooltip (and read with the button), never hidden.
 */
export function ActionButton({ children, reason, onClick, className, label }: Props) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={reason}
      disabled={reason !== undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
