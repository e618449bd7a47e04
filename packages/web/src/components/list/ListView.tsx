import { useRef, type ReactNode } from "react";
import { ListWidthContext } from "../table/list-width.ts";
import { useElementWidth } from "../table/use-element-width.ts";
import "./_list.scss";

/**
 * The frame of a list page's content (filters, toolbar, table, pagination). Its width is measured
 * empty, before its content first renders (and before the first paint), unless this tab measured a
 * list at this window width before (its content then renders at once with that width, and the
 * measure corrects it if it changed): the table renders and is laid out with the columns that fit,
 * even when its first page is already at hand. Its parts lay themselves out by its width (a CSS
 * container).
 */
export function ListView({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const { width, measuring } = useElementWidth(frame);
  return (
    <div className="list-view" ref={frame}>
      {!measuring && <ListWidthContext value={width}>{children}</ListWidthContext>}
    </div>
  );
}
