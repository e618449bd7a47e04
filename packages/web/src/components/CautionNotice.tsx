import type { ReactNode } from "react";

/** An inline caution of a page: why something is not offered here, or what is missing. */
export function CautionNotice({ children }: { children: ReactNode }) {
  return (
    <div className="p-notification--caution" role="status">
      <div className="p-notification__content">
        <p className="p-notification__message">{children}</p>
      </div>
    </div>
  );
}
