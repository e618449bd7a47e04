import { useMyPermissions } from "../../queries/permissions.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { grantedByText } from "../../permissions/granted-by.ts";

/** The signed-in user's groups and effective permissions, each with what grants it. */
export function MyPermissions() {
  const permissions = useMyPermissions();
  const viewed = permissions.data?.viewingAs ?? null;
  return (
    <section aria-labelledby="profile-permissions">
      <h2 className="p-heading--4" id="profile-permissions">
        Groups and permissions
      </h2>
      {permissions.isPending && <PageLoader />}
      {permissions.isError && (
        <ErrorNotice title="Cannot load your permissions" error={permissions.error} />
      )}
      {permissions.isSuccess && (
        <>
          {viewed === null ? (
            <p>
              {permissions.data.groups.length === 0 &&
              permissions.data.groupsFromProvider.length === 0
                ? "You are in no group: you may use only what you made. Ask an administrator to add you to one."
                : `Your groups: ${permissions.data.groups.join(", ") || "none"}.`}
            </p>
          ) : (
            // While an admin views the dashboard as someone, these are that identity's.
            <p>
              Viewing as {viewed.name || viewed.email}: their groups are{" "}
              {permissions.data.groups.join(", ") || "none"}, and below is what they may do.
            </p>
          )}
          {permissions.data.providerGroups.length > 0 && (
            <p>
              Your identity provider names you in {permissions.data.providerGroups.join(", ")}
              {permissions.data.groupsFromProvider.length === 0
                ? ", which no group of this dashboard is mapped from."
                : `: for this sign-in, that puts you in ${permissions.data.groupsFromProvider.join(", ")}.`}
            </p>
          )}
          {permissions.data.permissions.length > 0 && (
            <table className="profile-page__permissions" aria-labelledby="profile-permissions">
              <thead>
                <tr>
                  <th scope="col">Entitlement</th>
                  <th scope="col">Resource</th>
                  <th scope="col">Granted by</th>
                </tr>
              </thead>
              <tbody>
                {permissions.data.permissions.map((permission) => (
                  <tr
                    key={`${permission.entitlement} ${permission.resource} ${grantedByText(permission.grantedBy)}`}
                  >
                    <td>
                      <code>{permission.entitlement}</code>
                    </td>
                    <td className="profile-page__resource">{permission.resource}</td>
                    <td>{grantedByText(permission.grantedBy)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
