import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { ActionLink } from "../../components/actions/ActionLink.tsx";
import { useMayOnSomeCluster } from "../../permissions/use-may.ts";
import { ApplicationsList } from "./list/ApplicationsList.tsx";

/** `/applications`: the applications of every cluster, their status live. */
export default function ApplicationsPage() {
  const addRefused = useMayOnSomeCluster("can_create_applications");
  return (
    <PageLayout
      title="Applications"
      controls={
        <ActionLink
          className="p-button--positive u-no-margin--bottom"
          to="/applications/add"
          tourStep="your-applications"
          reason={addRefused}
        >
          Add application
        </ActionLink>
      }
    >
      <ApplicationsList />
    </PageLayout>
  );
}
