import { Navigate, useParams } from "react-router";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { LinkTabs, type LinkTab } from "../../components/page-layout/LinkTabs.tsx";
import { GroupsTab } from "./groups/GroupsTab.tsx";
import { IdentitiesTab } from "./identities/IdentitiesTab.tsx";
import "./_permissions.scss";

type Tab = "identities" | "groups";

const tabs: readonly LinkTab<Tab>[] = [
  { id: "identities", label: "Identities", to: "/permissions/identities" },
  { id: "groups", label: "Groups", to: "/permissions/groups" },
];

const panelId = "permissions-panel";
const tabId = (tab: Tab) => `permissions-tab-${tab}`;

/**
 * `/permissions/identities` and `/permissions/groups` (Anbox's Permissions pages): who signs in
 * and their groups; the groups with what they grant, made, edited and deleted here.
 */
export default function PermissionsPage() {
  const { tab } = useParams();
  if (tab !== "identities" && tab !== "groups") {
    return <Navigate to="/permissions/identities" replace />;
  }
  return (
    <PageLayout title="Permissions">
      <LinkTabs
        label="Permissions sections"
        tabs={tabs}
        active={tab}
        tabId={tabId}
        panelId={panelId}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {tab === "identities" ? <IdentitiesTab /> : <GroupsTab />}
      </div>
    </PageLayout>
  );
}
