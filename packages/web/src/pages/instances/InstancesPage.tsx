import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { ActionLink } from "../../components/actions/ActionLink.tsx";
import { useMayOnSomeCluster } from "../../permissions/use-may.ts";
import { InstancesList } from "./list/InstancesList.tsx";

/** `/instances`: the instances of every cluster. */
export default function InstancesPage() {
  const createRefused = useMayOnSomeCluster("can_create_instances");
  return (
    <PageLayout
      title="Instances"
      controls={
        <ActionLink
          className="p-button--positive u-no-margin--bottom"
          to="/instances/new"
          tourStep="create-instance"
          reason={createRefused}
        >
          Create instance
        </ActionLink>
      }
    >
      <InstancesList />
    </PageLayout>
  );
}
