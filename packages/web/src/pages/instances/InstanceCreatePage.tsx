import { useSearchParams } from "react-router";
import { FormPrerequisites, NoClusterNotice } from "../../components/form/FormPrerequisites.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { useClustersAllowing, useMayOnSomeCluster } from "../../permissions/use-may.ts";
import { formPresetOf } from "./create/form-preset.ts";
import { InstanceCreateForm } from "./create/InstanceCreateForm.tsx";

/**
 * `/instances/new`: the instance creation form, once the clusters (where the instance can go) and
 * the session info (which default disk containers get) are known.
 */
export default function InstanceCreatePage() {
  const clusters = useClusters();
  const session = useSessionInfo();
  const refused = useMayOnSomeCluster("can_create_instances");
  /** The clusters the user may use here: the only ones the form offers. */
  const allowed = useClustersAllowing("can_create_instances") ?? [];
  const [searchParams] = useSearchParams();
  return (
    <PageLayout title="Create instance">
      <FormPrerequisites
        queries={[clusters, session]}
        unusable={([clusterList]) =>
          allowed.length === 0 && (
            <NoClusterNotice
              refused={clusterList.length === 0 ? undefined : refused}
              nothingTo="create an instance"
              back={{ label: "instances", path: "/instances" }}
            />
          )
        }
      >
        {([, info]) => (
          <InstanceCreateForm
            clusters={allowed}
            ext4RootVolumesSupport={info.ext4_root_volumes_support}
            preset={formPresetOf(searchParams)}
          />
        )}
      </FormPrerequisites>
    </PageLayout>
  );
}
