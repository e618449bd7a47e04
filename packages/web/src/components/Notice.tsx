import type { ReactNode, Ref } from "react";

/** Vanilla's notification kinds, as a page's inline notices use them. */
export type NoticeKind = "negative" | "caution" | "information" | "positive";

interface Props {
  kind: NoticeKind;
  title?: string | undefined;
  /** The title's heading: h2 on a page (the default), h3 in a form or panel of a page, h4 deeper. */
  heading?: "h2" | "h3" | "h4";
  /** The message, in one paragraph. */
  message?: ReactNode;
  /** What follows the message (a second paragraph, a stack trace). */
  children?: ReactNode;
  className?: string;
  /** A failure a form moves the focus to (it then takes the focus, not the tab order). */
  focusRef?: Ref<HTMLDivElement>;
}

/**
 * An inline notice of a page, a form or a dialog: Vanilla's notification, read out as an alert
 * when it reports a failure and politely otherwise. The one place the dashboard draws one (a lint
 * rule refuses copies); toasts are the notifications' own (`ToastView`).
 */
export function Notice({
  kind,
  title,
  heading: Heading = "h2",
  message,
  children,
  className,
  focusRef,
}: Props) {
  return (
    <div
      className={
        className === undefined ? `p-notification--${kind}` : `p-notification--${kind} ${className}`
      }
      role={kind === "negative" ? "alert" : "status"}
      ref={focusRef}
      tabIndex={focusRef === undefined ? undefined : -1}
    >
      <div className="p-notification__content">
        {title !== undefined && <Heading className="p-notification__title">{title}</Heading>}
        {message !== undefined && <p className="p-notification__message">{message}</p>}
        {children}
      </div>
    </div>
  );
}
