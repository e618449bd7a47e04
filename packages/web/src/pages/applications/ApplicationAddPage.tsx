import { Link } from "react-router";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { ApplicationForm } from "./form/ApplicationForm.tsx";
import { initialApplicationFormValues } from "./form/application-form-values.ts";
import { CautionNotice } from "../../components/CautionNotice.tsx";
import { Notice } from "../../components/Notice.tsx";

/** `/applications/add`: the form that adds an application from its APK. */
export default function ApplicationAddPage() {
  return (
    <PageLayout title="Add application">
      <ApplicationAddContent />
    </PageLayout>
  );
}

/** The form, once the clusters (where it can go) and the default disk of their instances are known. */
function ApplicationAddContent() {
  const clusters = useClusters();
  const session = useSessionInfo();
  if (clusters.isError || session.isError) {
    return (
      <Notice
        kind="negative"
        title="Cannot prepare the form"
        message={(clusters.error ?? session.error)?.message}
      />
    );
  }
  if (clusters.isPending || session.isPending) return <PageLoader />;
  const [first] = clusters.data;
  if (first === undefined) {
    return (
      <CautionNotice>
        The dashboard manages no cluster yet: there is nowhere to add an application.{" "}
        <Link to="/applications">Back to the applications</Link>
      </CautionNotice>
    );
  }
  return (
    <ApplicationForm
      clusters={clusters.data}
      ext4RootVolumesSupport={session.data.ext4_root_volumes_support}
      defaultValues={{ ...initialApplicationFormValues, clusterId: first.id }}
    />
  );
}
