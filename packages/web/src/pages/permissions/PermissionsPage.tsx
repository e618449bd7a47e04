import { Navigate, useParams } from "react-router";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { LinkTabs, type LinkTab } from "../../components/page-layout/LinkTabs.tsx";
import { GroupsTab } from "./groups/GroupsTab.tsx";
import { IdentitiesTab } from "./identities/IdentitiesTab.tsx";
import { ProviderGroupsTab } from "./provider-groups/ProviderGroupsTab.tsx";
import { useMay } from "../../permissions/use-may.ts";
import "./_permissions.scss";

type Tab = "identities" | "groups" | "provider-groups";

const tabs: readonly LinkTab<Tab>[] = [
  { id: "identities", label: "Identities", to: "/permissions/identities" },
  { id: "groups", label: "Groups", to: "/permissions/groups" },
  { id: "provider-groups", label: "Provider groups", to: "/permissions/provider-groups" },
];

function isTab(tab: string | undefined): tab is Tab {
  return tabs.some(({ id }) => id === tab);
}

const panelId = "permissions-panel";
const tabId = (tab: Tab) => `permissions-tab-${tab}`;

/**
 * `/permissions/identities` and `/permissions/groups` (Anbox's Permissions pages): who signs in
 * and their groups; the groups with what they grant, made, edited and deleted here. And, for an
 * admin, `/permissions/provider-groups`: the identity provider's groups mapped to them.
 */
export default function PermissionsPage() {
  const { tab } = useParams();
  const admin = useMay().may("admin", "server") === undefined;
  if (!isTab(tab)) {
    return <Navigate to="/permissions/identities" replace />;
  }
  const shown = admin ? tabs : tabs.filter(({ id }) => id !== "provider-groups");
  return (
    <PageLayout title="Permissions">
      <LinkTabs
        label="Permissions sections"
        tabs={shown}
        active={tab}
        tabId={tabId}
        panelId={panelId}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {tab === "identities" && <IdentitiesTab />}
        {tab === "groups" && <GroupsTab />}
        {tab === "provider-groups" && <ProviderGroupsTab />}
      </div>
    </PageLayout>
  );
}
