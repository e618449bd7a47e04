import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { InstancesList } from "./list/InstancesList.tsx";

/** `/instances`: the instances of every cluster. */
export default function InstancesPage() {
  return (
    <PageLayout
      title="Instances"
      controls={
        <Link
          className="p-button--positive u-no-margin--bottom"
          to="/instances/new"
          data-tour="create-instance"
        >
          Create instance
        </Link>
      }
    >
      <InstancesList />
    </PageLayout>
  );
}
