import { useRef, type ReactNode } from "react";
import { ListWidthContext } from "../table/list-width.ts";
import { useElementWidth } from "../table/use-element-width.ts";
import "./_list.scss";

/**
 * The frame of a list page's content (filters, toolbar, table, pagination). It is on screen while
 * the first page loads, so that its width is known before any row renders: the table then renders
 * once, with the columns that fit. Its parts lay themselves out by its width (a CSS container).
 */
export function ListView({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  return (
    <div className="list-view" ref={frame}>
      <ListWidthContext value={width}>{children}</ListWidthContext>
    </div>
  );
}
