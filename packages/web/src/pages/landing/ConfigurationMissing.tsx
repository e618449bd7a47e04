import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { documentationUrl } from "../../util/links.ts";
import { CautionNotice } from "../../components/CautionNotice.tsx";

/** Signed in, but the cluster's management API or stream gateway is not configured. */
export function ConfigurationMissing() {
  return (
    <PageLayout title="Configuration Missing">
      <CautionNotice>
        The dashboard needs both the management REST API (AMS) and the stream gateway to be
        configured. Ask the administrator of this dashboard to configure them, then reload this
        page.
      </CautionNotice>
      <p>
        <a href={documentationUrl} target="_blank" rel="noreferrer">
          Read the documentation
        </a>
      </p>
    </PageLayout>
  );
}
