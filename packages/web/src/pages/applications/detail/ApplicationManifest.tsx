import type { ClusterApplication } from "../../../api/applications.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useApplicationManifest } from "../../../queries/applications.ts";

/** A version's manifest.yaml, as the cluster keeps it. */
export function ApplicationManifest({
  application,
  version,
}: {
  application: ClusterApplication;
  version: number;
}) {
  const manifest = useApplicationManifest(application.clusterId, application.id, version);
  const headingId = "application-manifest-heading";
  return (
    <section className="application-manifest" aria-labelledby={headingId}>
      <h2 className="p-heading--5" id={headingId}>
        manifest.yaml (version {version})
      </h2>
      {manifest.isPending && <PageLoader />}
      {manifest.isError && <ErrorNotice title="Cannot load the manifest" error={manifest.error} />}
      {manifest.data !== undefined && (
        // Focusable, so that a keyboard can scroll a long manifest sideways.
        <pre className="application-manifest__text" tabIndex={0} aria-labelledby={headingId}>
          <code>{manifest.data}</code>
        </pre>
      )}
    </section>
  );
}
