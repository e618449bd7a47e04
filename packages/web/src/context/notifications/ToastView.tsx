import { formatDate } from "../../util/dates.ts";
import type { ToastItem } from "./toast-list.ts";
import { toastListId, useToasts } from "./toasts-context.ts";
import "./_toasts.scss";

/** One toast as Vanilla's notification, with its time and a close button. */
function Toast({
  toast,
  onDismiss,
  onHold,
}: {
  toast: ToastItem;
  onDismiss: () => void;
  /** Told while the pointer or the focus is on its close button (the popup waits then). */
  onHold?: (held: boolean) => void;
}) {
  return (
    <div className={`p-notification--${toast.severity} toasts__toast`}>
      <div className="p-notification__content">
        <p className="p-notification__title">{toast.title}</p>
        {toast.message !== undefined && toast.message !== "" && (
          <p className="p-notification__message">{toast.message}</p>
        )}
        <button
          type="button"
          className="p-notification__close"
          aria-label="Close notification"
          onClick={onDismiss}
          onFocus={() => onHold?.(true)}
          onBlur={() => onHold?.(false)}
          onMouseEnter={() => onHold?.(true)}
          onMouseLeave={() => onHold?.(false)}
        >
          Close
        </button>
      </div>
      <div className="p-notification__meta">
        <time className="p-notification__timestamp" dateTime={new Date(toast.time).toISOString()}>
          {formatDate(toast.time)}
        </time>
      </div>
    </div>
  );
}

/**
 * The toasts: the newest on its own for a few seconds (a polite live region, so that it is
 * read out), or the whole list, newest first, when the status bar's toggle opens it. A named
 * region, so that everything on the page is inside a landmark.
 */
export function ToastView() {
  const { toasts, popup, listOpen, dismiss, dismissAll, holdPopup } = useToasts();
  return (
    <section className="toasts" aria-label="Notifications">
      <div className="toasts__popup" aria-live="polite">
        {popup !== undefined && (
          <Toast
            toast={popup}
            onHold={holdPopup}
            onDismiss={() => {
              holdPopup(false);
              dismiss(popup.id);
            }}
          />
        )}
      </div>
      {listOpen && (
        <div className="toasts__list" id={toastListId}>
          <ul className="toasts__items">
            {toasts.toReversed().map((toast) => (
              <li key={toast.id}>
                <Toast
                  toast={toast}
                  onDismiss={() => {
                    dismiss(toast.id);
                  }}
                />
              </li>
            ))}
          </ul>
          <div className="toasts__list-actions">
            <button type="button" className="p-button u-no-margin--bottom" onClick={dismissAll}>
              Dismiss all
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
