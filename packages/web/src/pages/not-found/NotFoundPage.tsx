import { Link } from "react-router";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";

/** Any path the dashboard does not know. */
export default function NotFoundPage() {
  return (
    <PageLayout title="Page not found">
      <EmptyState title="There is nothing at this address">
        <p>The page may have moved, or the link is mistyped.</p>
        <Link to="/">Go to the dashboard</Link>
      </EmptyState>
    </PageLayout>
  );
}
