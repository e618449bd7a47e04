import { useSearchParams } from "react-router";
import { FormPrerequisites, NoClusterNotice } from "../../components/form/FormPrerequisites.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { formPresetOf } from "./create/form-preset.ts";
import { InstanceCreateForm } from "./create/InstanceCreateForm.tsx";

/**
 * `/instances/new`: the instance creation form, once the clusters (where the instance can go) and
 * the session info (which default disk containers get) are known.
 */
export default function InstanceCreatePage() {
  const clusters = useClusters();
  const session = useSessionInfo();
  const [searchParams] = useSearchParams();
  return (
    <PageLayout title="Create instance">
      <FormPrerequisites
        queries={[clusters, session]}
        unusable={([clusterList]) =>
          clusterList.length === 0 && (
            <NoClusterNotice
              nothingTo="create an instance"
              back={{ label: "instances", path: "/instances" }}
            />
          )
        }
      >
        {([clusterList, info]) => (
          <InstanceCreateForm
            clusters={clusterList}
            ext4RootVolumesSupport={info.ext4_root_volumes_support}
            preset={formPresetOf(searchParams)}
          />
        )}
      </FormPrerequisites>
    </PageLayout>
  );
}
