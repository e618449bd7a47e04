import { useParams, useSearchParams } from "react-router";
import { isNotFound } from "../../api/api-fetch.ts";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useApplication, useApplicationManifest } from "../../queries/applications.ts";
import { useClusterHealth, useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { ResourceNotFound } from "../../components/detail/ResourceNotFound.tsx";
import { FormPrerequisites } from "../../components/form/FormPrerequisites.tsx";
import { ApplicationForm } from "./form/ApplicationForm.tsx";
import { editValuesOf } from "./form/edit-values.ts";
import { opensForUpload } from "./shared/application-facts.ts";
import { CautionNotice } from "../../components/CautionNotice.tsx";
import { missingFeature } from "../../util/cluster-features.ts";

/** `/applications/edit/{clusterId}/{id}`: the add form, filled in from the application. */
export default function ApplicationEditPage() {
  const { clusterId = "", id = "" } = useParams();
  const application = useApplication(clusterId, id);
  const title = isNotFound(application.error)
    ? "Application not found"
    : application.data
      ? `Edit ${application.data.name}`
      : "Edit application";
  return (
    <PageLayout title={title}>
      <ApplicationEditContent clusterId={clusterId} id={id} />
    </PageLayout>
  );
}

function ApplicationEditContent({ clusterId, id }: { clusterId: string; id: string }) {
  // The form starts from the application's manifest: a cluster that does not hand it out cannot
  // be edited here.
  const missing = missingFeature(clusterId, useClusterHealth(clusterId), "manifest");
  if (missing !== undefined) {
    return (
      <CautionNotice>{missing} Editing an application starts from its manifest.</CautionNotice>
    );
  }
  return <ApplicationEditForm clusterId={clusterId} id={id} />;
}

function ApplicationEditForm({ clusterId, id }: { clusterId: string; id: string }) {
  const application = useApplication(clusterId, id);
  const manifest = useApplicationManifest(clusterId, id);
  const clusters = useClusters();
  const session = useSessionInfo();
  const [search] = useSearchParams();
  if (isNotFound(application.error)) {
    return (
      <ResourceNotFound
        noun="application"
        clusterId={clusterId}
        id={id}
        list={{ path: "/applications" }}
      />
    );
  }
  return (
    <FormPrerequisites queries={[application, manifest, clusters, session]}>
      {([app, text, clusterList, info]) => {
        const values = editValuesOf(app, text);
        return (
          // Keyed by the application: another one's form starts from its own values.
          <ApplicationForm
            key={`${clusterId}/${id}`}
            clusters={clusterList}
            ext4RootVolumesSupport={info.ext4_root_volumes_support}
            defaultValues={values}
            editing={{ application: app, values }}
            focusApk={opensForUpload(search)}
          />
        );
      }}
    </FormPrerequisites>
  );
}
