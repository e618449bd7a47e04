import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { Link } from "react-router";
import { ApplicationsList } from "./list/ApplicationsList.tsx";

/** `/applications`: the applications of every cluster, their status live. */
export default function ApplicationsPage() {
  return (
    <PageLayout
      title="Applications"
      controls={
        <Link
          className="p-button--positive u-no-margin--bottom"
          to="/applications/add"
          data-tour="your-applications"
        >
          Add application
        </Link>
      }
    >
      <ApplicationsList />
    </PageLayout>
  );
}
