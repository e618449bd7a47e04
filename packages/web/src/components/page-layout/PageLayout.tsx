import type { ReactNode } from "react";
import { PageHeading } from "./PageHeading.tsx";

interface Props {
  title: ReactNode;
  /** Buttons and links on the right of the title. */
  controls?: ReactNode;
  children: ReactNode;
}

/**
 * A page inside the dashboard shell: its title in a header and its content below (Vanilla
 * panel). The shell provides the `<main>` landmark, so pages must not render their own. After a
 * navigation inside the app the title takes the focus.
 */
export function PageLayout({ title, controls, children }: Props) {
  return (
    <div className="p-panel page-layout">
      <div className="p-panel__header page-layout__header">
        <PageHeading className="p-panel__title">{title}</PageHeading>
        {controls && <div className="p-panel__controls">{controls}</div>}
      </div>
      <div className="p-panel__content page-layout__content">{children}</div>
    </div>
  );
}
