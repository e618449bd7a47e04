import { useEffect, useRef } from "react";
import { countBySeverity } from "../../context/notifications/toast-list.ts";
import { toastListId, useToasts } from "../../context/notifications/toasts-context.ts";

/** Toast severities in the order the toggle shows them, with their Vanilla icons. */
const severityIcons = [
  { severity: "negative", icon: "error" },
  { severity: "caution", icon: "warning" },
  { severity: "positive", icon: "success" },
  { severity: "information", icon: "information" },
] as const;

/**
 * Opens and closes the list of toast notifications: an icon per severity present and the total.
 * Escape closes the open list, and gives the focus back to the toggle when it was in the list.
 */
export function NotificationsToggle() {
  const { toasts, listOpen, toggleList } = useToasts();
  const button = useRef<HTMLButtonElement>(null);
  const total = toasts.length;

  useEffect(() => {
    if (!listOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const list = document.getElementById(toastListId);
      const focusWasInList = list?.contains(document.activeElement) ?? false;
      toggleList();
      if (focusWasInList) button.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [listOpen, toggleList]);

  if (total === 0) return null;
  const counts = countBySeverity(toasts);
  const present = severityIcons.filter(({ severity }) => (counts[severity] ?? 0) > 0);
  return (
    <button
      ref={button}
      type="button"
      className="p-button--base u-no-margin status-bar__notifications"
      aria-expanded={listOpen}
      aria-controls={listOpen ? toastListId : undefined}
      onClick={toggleList}
    >
      {/* The name is the content, so that the count a sighted user reads is in it (WCAG 2.5.3). */}
      <span className="u-off-screen">{listOpen ? "Hide" : "Show"} notifications: </span>
      {present.map(({ severity, icon }) => (
        <i key={severity} className={`p-icon--${icon}`} aria-hidden="true" />
      ))}
      <span className="status-bar__count">{total}</span>
    </button>
  );
}
