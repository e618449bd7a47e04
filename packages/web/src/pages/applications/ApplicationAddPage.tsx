import { FormPrerequisites, NoClusterNotice } from "../../components/form/FormPrerequisites.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { useClustersAllowing, useMayOnSomeCluster } from "../../permissions/use-may.ts";
import { ApplicationForm } from "./form/ApplicationForm.tsx";
import { initialApplicationFormValues } from "./form/application-form-values.ts";

/**
 * `/applications/add`: the form that adds an application from its APK, once the clusters (where
 * it can go) and the default disk of their instances are known.
 */
export default function ApplicationAddPage() {
  const clusters = useClusters();
  const session = useSessionInfo();
  const refused = useMayOnSomeCluster("can_create_applications");
  /** The clusters the user may use here: the only ones the form offers. */
  const allowed = useClustersAllowing("can_create_applications") ?? [];
  return (
    <PageLayout title="Add application">
      <FormPrerequisites
        queries={[clusters, session]}
        unusable={([clusterList]) =>
          allowed.length === 0 && (
            <NoClusterNotice
              refused={clusterList.length === 0 ? undefined : refused}
              nothingTo="add an application"
              back={{ label: "applications", path: "/applications" }}
            />
          )
        }
      >
        {([, info]) => (
          <ApplicationForm
            clusters={allowed}
            ext4RootVolumesSupport={info.ext4_root_volumes_support}
            defaultValues={{
              ...initialApplicationFormValues,
              clusterId: allowed[0]?.id ?? "",
            }}
          />
        )}
      </FormPrerequisites>
    </PageLayout>
  );
}
