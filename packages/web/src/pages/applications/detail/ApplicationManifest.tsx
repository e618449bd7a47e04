import type { ClusterApplication } from "../../../api/applications.ts";
import { CautionNotice } from "../../../components/CautionNotice.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useApplicationManifest } from "../../../queries/applications.ts";
import { useClusterHealth } from "../../../queries/clusters.ts";
import { missingFeature } from "../../../util/cluster-features.ts";

interface ApplicationManifestProps {
  application: ClusterApplication;
  version: number;
}

const headingId = "application-manifest-heading";

/**
 * A version's manifest.yaml, as the cluster keeps it; or why there is none to read where the
 * cluster's AMS does not hand manifests out.
 */
export function ApplicationManifest({ application, version }: ApplicationManifestProps) {
  const health = useClusterHealth(application.clusterId);
  const missing = missingFeature(application.clusterId, health, "manifest");
  return (
    <section className="application-manifest" aria-labelledby={headingId}>
      <h2 className="p-heading--5" id={headingId}>
        manifest.yaml (version {version})
      </h2>
      {missing === undefined ? (
        <ManifestText application={application} version={version} />
      ) : (
        <CautionNotice>{missing}</CautionNotice>
      )}
    </section>
  );
}

function ManifestText({ application, version }: ApplicationManifestProps) {
  const manifest = useApplicationManifest(application.clusterId, application.id, version);
  return (
    <>
      {manifest.isPending && <PageLoader />}
      {manifest.isError && <ErrorNotice title="Cannot load the manifest" error={manifest.error} />}
      {manifest.data !== undefined && (
        // Focusable, so that a keyboard can scroll a long manifest sideways.
        <pre className="application-manifest__text" tabIndex={0} aria-labelledby={headingId}>
          <code>{manifest.data}</code>
        </pre>
      )}
    </>
  );
}
