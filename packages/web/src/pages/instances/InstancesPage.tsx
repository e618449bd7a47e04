import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { InstancesList } from "./list/InstancesList.tsx";
import { CreateInstanceAction } from "./shared/CreateInstanceAction.tsx";

/** `/instances`: the instances of every cluster. */
export default function InstancesPage() {
  return (
    <PageLayout
      title="Instances"
      controls={<CreateInstanceAction className="p-button--positive u-no-margin--bottom" />}
    >
      <InstancesList />
    </PageLayout>
  );
}
