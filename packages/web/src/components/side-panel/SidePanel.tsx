import { useEffect, type ReactNode } from "react";

export type SidePanelSize = "default" | "narrow" | "wide";

interface Props {
  /** The panel's element id, for links (`aria-controls`) and tests. */
  id: string;
  title: string;
  size?: SidePanelSize;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A panel on the right of the application layout (Vanilla's `l-aside`). Opening, closing or
 * resizing it changes the width left to the page, so it fires the window's `resize` event: charts
 * and the stream player listen to it to fit their new room.
 */
export function SidePanel({ id, title, size = "default", onClose, children }: Props) {
  useEffect(() => {
    window.dispatchEvent(new Event("resize"));
    return () => {
      window.dispatchEvent(new Event("resize"));
    };
  }, [size]);

  const sizeClass = size === "default" ? "" : ` is-${size}`;
  return (
    <aside className={`l-aside is-pinned${sizeClass}`} id={id} aria-label={title}>
      <div className="p-panel">
        <div className="p-panel__header">
          <h2 className="p-panel__title">{title}</h2>
          <div className="p-panel__controls">
            <button type="button" className="p-button--base has-icon u-no-margin" onClick={onClose}>
              <i className="p-icon--close">Close</i>
            </button>
          </div>
        </div>
        <div className="p-panel__content">{children}</div>
      </div>
    </aside>
  );
}
