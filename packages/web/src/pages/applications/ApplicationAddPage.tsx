import { Link } from "react-router";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { ApplicationForm } from "./form/ApplicationForm.tsx";
import { initialApplicationFormValues } from "./form/application-form-values.ts";

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
      <div className="p-notification--negative" role="alert">
        <div className="p-notification__content">
          <h2 className="p-notification__title">Cannot prepare the form</h2>
          <p className="p-notification__message">{(clusters.error ?? session.error)?.message}</p>
        </div>
      </div>
    );
  }
  if (clusters.isPending || session.isPending) return <PageLoader />;
  const [first] = clusters.data;
  if (first === undefined) {
    return (
      <div className="p-notification--caution">
        <div className="p-notification__content">
          <p className="p-notification__message">
            The dashboard manages no cluster yet: there is nowhere to add an application.{" "}
            <Link to="/applications">Back to the applications</Link>
          </p>
        </div>
      </div>
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
