import { FormPrerequisites, NoClusterNotice } from "../../components/form/FormPrerequisites.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { ApplicationForm } from "./form/ApplicationForm.tsx";
import { initialApplicationFormValues } from "./form/application-form-values.ts";

/**
 * `/applications/add`: the form that adds an application from its APK, once the clusters (where
 * it can go) and the default disk of their instances are known.
 */
export default function ApplicationAddPage() {
  const clusters = useClusters();
  const session = useSessionInfo();
  return (
    <PageLayout title="Add application">
      <FormPrerequisites
        queries={[clusters, session]}
        unusable={([clusterList]) =>
          clusterList.length === 0 && (
            <NoClusterNotice
              nothingTo="add an application"
              back={{ label: "applications", path: "/applications" }}
            />
          )
        }
      >
        {([clusterList, info]) => (
          <ApplicationForm
            clusters={clusterList}
            ext4RootVolumesSupport={info.ext4_root_volumes_support}
            defaultValues={{ ...initialApplicationFormValues, clusterId: clusterList[0]?.id ?? "" }}
          />
        )}
      </FormPrerequisites>
    </PageLayout>
  );
}
