import { useToastNotification } from "../../vendor/react-components.ts";
import { useEffect } from "react";

/** Toast severities in the order the list shows them, with their Vanilla icons. */
const severityIcons = [
  { severity: "negative", icon: "error", label: "error" },
  { severity: "caution", icon: "warning", label: "warning" },
  { severity: "positive", icon: "success", label: "success" },
  { severity: "information", icon: "information", label: "information" },
] as const;

/**
 * Opens and closes the list of toast notifications: an icon per severity present and the total.
 * Escape closes the open list.
 */
export function NotificationsToggle() {
  const toasts = useToastNotification();
  const { isListView, toggleListView, countBySeverity } = toasts;
  const total = toasts.notifications.length;

  useEffect(() => {
    if (!isListView) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") toggleListView();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [isListView, toggleListView]);

  if (total === 0) return null;
  const present = severityIcons.filter(({ severity }) => (countBySeverity[severity] ?? 0) > 0);
  return (
    <button
      type="button"
      className="p-button--base u-no-margin status-bar__notifications"
      aria-expanded={isListView}
      onClick={toggleListView}
    >
      {/* The name is the content, so that the count a sighted user reads is in it (WCAG 2.5.3). */}
      <span className="u-off-screen">{isListView ? "Hide" : "Show"} notifications: </span>
      {present.map(({ severity, icon }) => (
        <i key={severity} className={`p-icon--${icon}`} aria-hidden="true" />
      ))}
      <span className="status-bar__count">{total}</span>
    </button>
  );
}
