import { useEffect, useRef, type ReactNode } from "react";
import { AppAside, Button, Icon, Panel } from "../../vendor/react-components.ts";
import { useOverlayFocus } from "../overlays/use-overlay-focus.ts";
import "./_side-panel.scss";

export type SidePanelSize = "default" | "narrow" | "wide";

interface Props {
  /** The panel's element id, for links (`aria-controls`) and tests. */
  id: string;
  title: string;
  size?: SidePanelSize;
  onClose: () => void;
  children: ReactNode;
  /**
   * `layout` (the default): a column of the application layout, beside the page, for a panel the
   * shell renders (the tour's). `over-page`: fixed over the page's right side, for a panel a page
   * renders inside itself (an editor), which the layout's column cannot hold there.
   */
  placement?: "layout" | "over-page";
}

/**
 * A panel on the right of the application layout (Vanilla's `l-aside`). It takes the focus when
 * it opens, keeps Tab inside, closes with Escape and gives the focus back to what opened it.
 * Opening, closing or resizing it changes the width left to the page, so it fires the window's
 * `resize` event: charts and the stream player listen to it to fit their new room.
 */
export function SidePanel({
  id,
  title,
  size = "default",
  onClose,
  children,
  placement = "layout",
}: Props) {
  const ref = useRef<HTMLElement>(null);
  useOverlayFocus(ref, { onClose });
  useEffect(() => {
    window.dispatchEvent(new Event("resize"));
    return () => {
      window.dispatchEvent(new Event("resize"));
    };
  }, [size]);

  return (
    <AppAside
      id={id}
      aria-label={title}
      forwardRef={ref}
      className={placement === "over-page" ? "side-panel--over-page" : undefined}
      pinned
      narrow={size === "narrow"}
      wide={size === "wide"}
    >
      <Panel
        title={title}
        titleComponent="h2"
        contentClassName="side-panel__content"
        controls={
          <Button type="button" appearance="base" hasIcon className="u-no-margin" onClick={onClose}>
            <Icon name="close">Close</Icon>
          </Button>
        }
      >
        {children}
      </Panel>
    </AppAside>
  );
}
