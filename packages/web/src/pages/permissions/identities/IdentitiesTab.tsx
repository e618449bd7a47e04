import { useState } from "react";
import type { IdentitySummary } from "../../../api/permissions.ts";
import { useIdentities } from "../../../queries/permissions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { IdentityGroupsPanel } from "./IdentityGroupsPanel.tsx";
import { useSessionInfo } from "../../../queries/session-info.ts";
import { startViewingAs } from "../../../api/permissions.ts";
import { useToast } from "../../../context/notifications/use-toast.ts";
import { ApiError } from "../../../api/api-fetch.ts";
import { reloadAt } from "../../../util/reload-at.ts";

/** The identities the user may view, each with its groups and a way to change them. */
export function IdentitiesTab() {
  const identities = useIdentities();
  const { may } = useMay();
  const me = useSessionInfo().data?.user.email;
  const notify = useToast();
  const [editing, setEditing] = useState<IdentitySummary | undefined>(undefined);
  const viewAs = (identity: IdentitySummary) => {
    // The whole page is reloaded: every answer cached so far was the admin's.
    startViewingAs(identity.id).then(
      () => {
        reloadAt("/");
      },
      (error: unknown) => {
        notify.failure(
          `Cannot view as ${identity.name}`,
          error instanceof ApiError ? error.message : "The server did not answer.",
        );
      },
    );
  };
  if (identities.isPending) return <PageLoader />;
  if (identities.isError) {
    return <ErrorNotice title="Cannot load the identities" error={identities.error} />;
  }
  if (identities.data.length === 0) {
    return <p>You may view no identity. An administrator can grant can_view on identities.</p>;
  }
  return (
    <>
      <table aria-label="Identities">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="u-hide--small">
              E-mail address
            </th>
            <th scope="col">Groups</th>
            <th scope="col">
              <span className="u-off-screen">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {identities.data.map((identity) => {
            const refused = may("can_edit", `identity:${identity.id}`);
            return (
              <tr key={identity.id}>
                <td>{identity.name}</td>
                <td className="permissions__resource u-hide--small">{identity.email}</td>
                <td>
                  {identity.groups.length === 0 ? "None" : identity.groups.join(", ")}
                  {identity.groups_from_provider.length > 0 && (
                    <div className="u-text--muted">
                      From the identity provider: {identity.groups_from_provider.join(", ")}
                    </div>
                  )}
                </td>
                <td>
                  <div className="permissions__row-actions">
                    <ActionButton
                      className="p-button is-dense u-no-margin--bottom"
                      label={`Edit groups of ${identity.name}`}
                      reason={refused}
                      onClick={() => {
                        setEditing(identity);
                      }}
                    >
                      Edit groups
                    </ActionButton>
                    <ActionButton
                      className="p-button is-dense u-no-margin--bottom"
                      label={`View as ${identity.name}`}
                      reason={
                        identity.email === me
                          ? "This is you: pick someone else to see the dashboard as they would."
                          : may("admin", "server")
                      }
                      onClick={() => {
                        viewAs(identity);
                      }}
                    >
                      View as
                    </ActionButton>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {editing !== undefined && (
        <IdentityGroupsPanel
          identity={editing}
          onClose={() => {
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}
