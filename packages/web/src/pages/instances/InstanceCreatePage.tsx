import { Link, useSearchParams } from "react-router";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { formPresetOf } from "./create/form-preset.ts";
import { InstanceCreateForm } from "./create/InstanceCreateForm.tsx";
import { CautionNotice } from "../../components/CautionNotice.tsx";
import { Notice } from "../../components/Notice.tsx";

/** `/instances/new`: the instance creation form. */
export default function InstanceCreatePage() {
  return (
    <PageLayout title="Create instance">
      <InstanceCreateContent />
    </PageLayout>
  );
}

/**
 * The form, once the clusters (where the instance can go) and the session info (which default
 * disk containers get) are known.
 */
function InstanceCreateContent() {
  const clusters = useClusters();
  const session = useSessionInfo();
  const [searchParams] = useSearchParams();

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
  if (clusters.data.length === 0) {
    return (
      <CautionNotice>
        The dashboard manages no cluster yet: there is nowhere to create an instance.{" "}
        <Link to="/instances">Back to the instances</Link>
      </CautionNotice>
    );
  }
  return (
    <InstanceCreateForm
      clusters={clusters.data}
      ext4RootVolumesSupport={session.data.ext4_root_volumes_support}
      preset={formPresetOf(searchParams)}
    />
  );
}
