import { useState } from "react";
import { useMay } from "../../../permissions/use-may.ts";
import { useProviderGroups } from "../../../queries/permissions.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { CautionNotice } from "../../../components/CautionNotice.tsx";
import { ProviderGroupPanel } from "./ProviderGroupPanel.tsx";

/**
 * The external identity provider's groups mapped to dashboard groups (LXD's identity-provider
 * groups): whoever signs in with one in their groups claim holds, for that sign-in, what the
 * groups it maps to grant. An admin's (a mapping hands out permissions to people the dashboard
 * does not list).
 */
export function ProviderGroupsTab() {
  const { may } = useMay();
  const refused = may("admin", "server");
  const mappings = useProviderGroups(refused === undefined);
  // A provider group's name being edited; "" for a new one.
  const [editing, setEditing] = useState<string | undefined>(undefined);
  if (refused !== undefined) return <p>{refused}</p>;
  if (mappings.isPending) return <PageLoader />;
  if (mappings.isError) {
    return <ErrorNotice title="Cannot load the provider groups" error={mappings.error} />;
  }
  const { metadata, groups_claim: claim } = mappings.data;
  return (
    <>
      {claim === null ? (
        <CautionNotice>
          No groups claim is read at sign-in: these mappings apply once the dashboard signs people
          in with an external OpenID provider and OIDC_GROUPS_CLAIM names its groups claim (see
          docs/permissions.md).
        </CautionNotice>
      ) : (
        <p>
          At sign-in, the provider&apos;s <code>{claim}</code> claim names the person&apos;s groups
          there. Each group below gives what the dashboard groups it maps to grant, for that
          sign-in.
        </p>
      )}
      <div className="u-sv2">
        <ActionButton
          className="p-button--positive"
          reason={undefined}
          onClick={() => {
            setEditing("");
          }}
        >
          Map a provider group
        </ActionButton>
      </div>
      {metadata.length === 0 ? (
        <p>No provider group is mapped yet.</p>
      ) : (
        <table aria-label="Provider groups">
          <thead>
            <tr>
              <th scope="col">Provider group</th>
              <th scope="col">Groups it maps to</th>
              <th scope="col">
                <span className="u-off-screen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {metadata.map((mapping) => (
              <tr key={mapping.name}>
                <td className="permissions__resource">{mapping.name}</td>
                <td>{mapping.groups.join(", ")}</td>
                <td>
                  <ActionButton
                    className="p-button is-dense u-no-margin--bottom"
                    label={`Edit mapping of ${mapping.name}`}
                    reason={undefined}
                    onClick={() => {
                      setEditing(mapping.name);
                    }}
                  >
                    Edit mapping
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing !== undefined && (
        <ProviderGroupPanel
          name={editing}
          mapped={metadata.find((mapping) => mapping.name === editing)?.groups ?? []}
          onClose={() => {
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}
