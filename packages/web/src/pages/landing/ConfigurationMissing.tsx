import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { documentationUrl } from "../../util/links.ts";

/** Signed in, but the cluster's management API or stream gateway is not configured. */
export function ConfigurationMissing() {
  return (
    <PageLayout title="Configuration Missing">
      <div className="p-notification--caution">
        <div className="p-notification__content">
          <p className="p-notification__message">
            The dashboard needs both the management REST API (AMS) and the stream gateway to be
            configured. Ask the administrator of this dashboard to configure them, then reload this
            page.
          </p>
        </div>
      </div>
      <p>
        <a href={documentationUrl} target="_blank" rel="noreferrer">
          Read the documentation
        </a>
      </p>
    </PageLayout>
  );
}
