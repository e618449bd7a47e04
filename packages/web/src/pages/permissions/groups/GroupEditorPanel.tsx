import { useState } from "react";
import { sameLimits, type GroupLimit, type Permission } from "@anbox-dashboard/contract";
import type { GroupDetail } from "../../../api/permissions.ts";
import {
  useEntitlementCatalogue,
  useGroup,
  useReplaceGroup,
} from "../../../queries/permissions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { SidePanel } from "../../../components/side-panel/SidePanel.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { PanelButtons } from "../PanelButtons.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { AddPermissionForm } from "./AddPermissionForm.tsx";
import { GroupLimits } from "./GroupLimits.tsx";
import { RemoveStagedButton } from "./RemoveStagedButton.tsx";

interface Props {
  name: string;
  onClose: () => void;
}

/** The `admin` group holds admin on server, always. */
const adminGroup = "admin";

/** Opens a group's editor once the group and the entitlement catalogue are known. */
export function GroupEditorPanel({ name, onClose }: Props) {
  const group = useGroup(name);
  const catalogue = useEntitlementCatalogue();
  return (
    <SidePanel
      id="group-editor-panel"
      title={`Group ${name}`}
      size="wide"
      onClose={onClose}
      placement="over-page"
    >
      {(group.isPending || catalogue.isPending) && <PageLoader />}
      {group.isError && <ErrorNotice title="Cannot load the group" error={group.error} />}
      {catalogue.isError && (
        <ErrorNotice title="Cannot load the entitlements" error={catalogue.error} />
      )}
      {group.isSuccess && catalogue.isSuccess && (
        <GroupEditor group={group.data} onClose={onClose} />
      )}
    </SidePanel>
  );
}

const keyOf = (permission: Permission) => `${permission.entitlement} ${permission.resource}`;

/**
 * A group's description and permissions, changed here and saved as a whole (as Anbox's PUT
 * replaces them): a permission added or removed is staged in the table until Save. What the
 * editor may not give or take away (what they do not hold themselves; anything of `admin`) is
 * disabled with the reason.
 */
function GroupEditor({ group, onClose }: { group: GroupDetail; onClose: () => void }) {
  const save = useReplaceGroup(group.name);
  const { may } = useMay();
  const [description, setDescription] = useState(group.description);
  const [permissions, setPermissions] = useState<readonly Permission[]>(group.permissions);
  const [limits, setLimits] = useState<readonly GroupLimit[]>(group.limits);
  const fixed = group.name === adminGroup;
  const before = new Set(group.permissions.map(keyOf));
  const limitsChanged = !sameLimits(limits, group.limits);
  const changed =
    description !== group.description ||
    permissions.length !== group.permissions.length ||
    permissions.some((permission) => !before.has(keyOf(permission))) ||
    limitsChanged;
  // A member could lift their own group's limits: only an administrator changes them.
  const limitsRefusal = may("admin", "server");

  /** Why a permission cannot be taken away (or given), if it cannot. */
  const lockedReason = (permission: Permission): string | undefined => {
    if (fixed) return "The admin group's permissions cannot change: it holds admin on server.";
    const refused = may(permission.entitlement, permission.resource);
    return refused === undefined
      ? undefined
      : `You may give or take away only what you hold yourself. ${refused}`;
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending || !changed) return;
        save.mutate(
          {
            description,
            permissions: [...permissions],
            ...(limitsChanged ? { limits: [...limits] } : {}),
          },
          { onSuccess: onClose },
        );
      }}
    >
      {save.isError && <ErrorNotice title="The group was not saved" error={save.error} />}
      <label htmlFor="group-description">Description</label>
      <input
        id="group-description"
        type="text"
        value={description}
        maxLength={500}
        onChange={(event) => {
          setDescription(event.target.value);
        }}
      />
      <p>
        Members:{" "}
        {group.identities.length === 0
          ? "none yet (add them from the Identities tab)"
          : group.identities.map((identity) => identity.name).join(", ")}
      </p>
      <h3 className="p-heading--5" id="group-permissions">
        Permissions
      </h3>
      {permissions.length === 0 ? (
        <p>None: its members get nothing from it yet.</p>
      ) : (
        <table className="permissions__staged" aria-labelledby="group-permissions">
          <thead>
            <tr>
              <th scope="col">Entitlement</th>
              <th scope="col">Resource</th>
              <th scope="col">
                <span className="u-off-screen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {permissions.map((permission) => {
              const locked = lockedReason(permission);
              return (
                <tr key={keyOf(permission)}>
                  <td>
                    <code className="permissions__resource">{permission.entitlement}</code>
                    {!before.has(keyOf(permission)) && (
                      <span className="p-status-label--information u-no-margin--bottom">
                        {" "}
                        Not saved
                      </span>
                    )}
                  </td>
                  <td className="permissions__resource">{permission.resource}</td>
                  <td>
                    <RemoveStagedButton
                      label={`Remove ${permission.entitlement} on ${permission.resource}`}
                      refusal={locked}
                      onRemove={() => {
                        setPermissions(
                          permissions.filter((other) => keyOf(other) !== keyOf(permission)),
                        );
                      }}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {fixed ? (
        <p>
          The admin group holds admin on server; its members can change, its permissions cannot.
        </p>
      ) : (
        <AddPermissionForm
          onAdd={(permission) => {
            if (permissions.some((other) => keyOf(other) === keyOf(permission))) return;
            setPermissions([...permissions, permission]);
          }}
          refusalOf={lockedReason}
        />
      )}
      <GroupLimits
        group={group.name}
        limits={limits}
        onChange={setLimits}
        locked={
          limitsRefusal === undefined
            ? undefined
            : `Only an administrator changes a group's limits. ${limitsRefusal}`
        }
      />
      <PanelButtons onCancel={onClose} changed={changed} saving={save.isPending} />
    </form>
  );
}
