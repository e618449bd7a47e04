import { Link, useParams } from "react-router";
import type { ClusterApplication } from "../../api/applications.ts";
import { isNotFound } from "../../api/api-fetch.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageHeading } from "../../components/page-layout/PageHeading.tsx";
import { useApplication } from "../../queries/applications.ts";
import { ApplicationDetailActions } from "./detail/ApplicationDetailActions.tsx";
import { ApplicationInstances } from "./detail/ApplicationInstances.tsx";
import { ApplicationNotFound } from "./detail/ApplicationNotFound.tsx";
import { ApplicationOverview } from "./detail/ApplicationOverview.tsx";
import { applicationTabOf, type ApplicationTab } from "./detail/application-tabs.ts";
import {
  ApplicationTabs,
  applicationTabId,
  applicationTabPanelId,
} from "./detail/ApplicationTabs.tsx";
import { ApplicationVersions } from "./detail/ApplicationVersions.tsx";
import { ApplicationStatusLabel } from "./shared/ApplicationStatusLabel.tsx";
import { applicationTypeLabelOf } from "./shared/application-facts.ts";
import "./detail/_application-detail.scss";

/**
 * `/applications/{clusterId}/{id}/{tab}`: one application, its actions and its tabs (overview
 * when the URL names none or an unknown one). Lifecycle events refetch it, so initializing turns
 * ready and a published version shows without a reload; an application that does not exist is
 * said so, not titled by its id.
 */
export default function ApplicationDetailPage() {
  const { clusterId = "", id = "", tab } = useParams();
  const application = useApplication(clusterId, id);
  const activeTab = applicationTabOf(tab);
  const notFound = isNotFound(application.error);
  const shown = notFound ? undefined : application.data;
  const title = notFound ? "Application not found" : (shown?.name ?? "Application");

  return (
    <div className="p-panel page-layout application-detail">
      <div className="p-panel__header page-layout__header application-detail__header">
        <div className="application-detail__title" data-tour="browse-your-applications">
          <nav aria-label="Breadcrumb">
            <Link to="/applications">Applications</Link>
            <span aria-hidden="true"> / </span>
          </nav>
          <PageHeading className="p-panel__title application-detail__name">{title}</PageHeading>
          {shown && <ApplicationStatusLabel status={shown.status} />}
          {shown && <span className="p-status-label">{applicationTypeLabelOf(shown)}</span>}
        </div>
        {shown && (
          <div className="p-panel__controls">
            <ApplicationDetailActions application={shown} />
          </div>
        )}
      </div>
      <div className="p-panel__content page-layout__content">
        {application.isPending && <PageLoader />}
        {notFound && <ApplicationNotFound clusterId={clusterId} applicationId={id} />}
        {application.isError && !notFound && (
          <ErrorNotice
            title={shown ? "Cannot refresh this application" : "Cannot load this application"}
            error={application.error}
          />
        )}
        {shown && (
          <>
            <ApplicationTabs clusterId={clusterId} applicationId={id} active={activeTab} />
            <div
              role="tabpanel"
              id={applicationTabPanelId}
              aria-labelledby={applicationTabId(activeTab)}
            >
              <TabContent tab={activeTab} application={shown} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function TabContent({
  tab,
  application,
}: {
  tab: ApplicationTab;
  application: ClusterApplication;
}) {
  switch (tab) {
    case "overview":
      return <ApplicationOverview application={application} />;
    case "versions":
      return <ApplicationVersions application={application} />;
    case "instances":
      return <ApplicationInstances application={application} />;
  }
}
