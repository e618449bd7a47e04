import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState.tsx";
import { PageLayout } from "./PageLayout.tsx";

/** A page whose content is still to come: its title and an empty state saying what it will hold. */
export function PlaceholderPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <PageLayout title={title}>
      <EmptyState title="Nothing to show yet">{children}</EmptyState>
    </PageLayout>
  );
}
