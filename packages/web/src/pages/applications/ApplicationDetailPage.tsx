import type { ClusterApplication } from "../../api/applications.ts";
import { DetailPage, type DetailPageDeclaration } from "../../components/detail/DetailPage.tsx";
import { useApplication } from "../../queries/applications.ts";
import { ApplicationDetailActions } from "./detail/ApplicationDetailActions.tsx";
import { ApplicationInstances } from "./detail/ApplicationInstances.tsx";
import { ApplicationOverview } from "./detail/ApplicationOverview.tsx";
import {
  applicationTabPath,
  applicationTabs,
  type ApplicationTab,
} from "./detail/application-tabs.ts";
import { ApplicationVersions } from "./detail/ApplicationVersions.tsx";
import { ApplicationStatusLabel } from "./shared/ApplicationStatusLabel.tsx";
import { applicationTypeLabelOf } from "./shared/application-facts.ts";
import "./detail/_application-detail.scss";

const applicationPage: DetailPageDeclaration<ClusterApplication, ApplicationTab> = {
  noun: "application",
  list: { label: "Applications", path: "/applications" },
  tabs: applicationTabs,
  tabPath: applicationTabPath,
  tourTarget: "browse-your-applications",
  badges: (application) => (
    <>
      <ApplicationStatusLabel status={application.status} />
      <span className="p-status-label">{applicationTypeLabelOf(application)}</span>
    </>
  ),
  actions: (application) => <ApplicationDetailActions application={application} />,
  idParam: "id",
  useResource: useApplication,
  content: (tab, application) => {
    switch (tab) {
      case "overview":
        return <ApplicationOverview application={application} />;
      case "versions":
        return <ApplicationVersions application={application} />;
      case "instances":
        return <ApplicationInstances application={application} />;
    }
  },
};

/**
 * `/applications/{clusterId}/{id}/{tab}`: one application, its actions and its tabs. Lifecycle
 * events refetch it, so initializing turns ready and a published version shows without a reload.
 */
export default function ApplicationDetailPage() {
  return <DetailPage declaration={applicationPage} />;
}
