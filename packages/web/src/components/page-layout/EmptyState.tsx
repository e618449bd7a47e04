import type { ReactNode } from "react";

/** What a page shows when it has nothing to list (yet). */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <h2 className="p-heading--4">{title}</h2>
      {children}
    </section>
  );
}
