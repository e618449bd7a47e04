import { useRef, type ReactNode } from "react";
import { useOverlayFocus } from "../overlays/use-overlay-focus.ts";
import { Button, Icon } from "../../vendor/react-components.ts";
import "./_stream-panel.scss";

interface Props {
  /** Its heading, and its name for assistive technology. */
  title: string;
  /** The panel's own class (its width, its parts' styles). */
  className: string;
  /**
   * Shown, or mounted and hidden: a page may keep a panel mounted while the stream plays (the
   * statistics collect their history from the start).
   */
  open?: boolean;
  onClose: () => void;
  /** Buttons beside Close in the header. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A panel beside a stream (statistics, developer tools, device controls), or on a phone or a
 * tablet a drawer over the lower part of the window (session-page.scss). Once open it holds the
 * focus (Tab stays inside) until closed, by its button or Escape, and then gives it back to the
 * button that opened it.
 */
export function StreamPanel({ title, className, open = true, onClose, actions, children }: Props) {
  const ref = useRef<HTMLElement>(null);
  useOverlayFocus(ref, { active: open, onClose });
  if (!open) return null;
  return (
    <aside className={`stream-panel ${className}`} aria-label={title} ref={ref}>
      <header className="stream-panel__header">
        <h2 className="stream-panel__title p-heading--4">{title}</h2>
        <div className="stream-panel__actions">
          {actions}
          <Button type="button" appearance="base" dense hasIcon onClick={onClose}>
            <Icon name="close">Close</Icon>
          </Button>
        </div>
      </header>
      {children}
    </aside>
  );
}
