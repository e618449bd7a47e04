import { useState } from "react";
import type { GroupSummary } from "../../../api/permissions.ts";
import { useDeleteGroup, useGroups } from "../../../queries/permissions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { ConfirmModal } from "../../../components/overlays/ConfirmModal.tsx";
import { focusPageHeading } from "../../../components/overlays/return-focus.ts";
import { CreateGroupModal } from "./CreateGroupModal.tsx";
import { GroupEditorPanel } from "./GroupEditorPanel.tsx";

const adminGroup = "admin";

/**
 * The groups the user may view, with how many identities and permissions each holds; create one,
 * open one's editor, delete one. What the user may not do is disabled with what it needs.
 */
export function GroupsTab() {
  const groups = useGroups();
  const remove = useDeleteGroup();
  const { may } = useMay();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<GroupSummary | undefined>(undefined);
  const createRefused = may("can_create_groups", "server");
  return (
    <>
      <div className="u-sv2">
        <ActionButton
          className="p-button--positive"
          reason={createRefused}
          onClick={() => {
            setCreating(true);
          }}
        >
          Create group
        </ActionButton>
      </div>
      {groups.isPending && <PageLoader />}
      {groups.isError && <ErrorNotice title="Cannot load the groups" error={groups.error} />}
      {groups.isSuccess && groups.data.length === 0 && (
        <p>
          You may view no group: that needs can_view on a group, which an administrator can grant.
          Your own groups are on your profile.
        </p>
      )}
      {groups.isSuccess && groups.data.length > 0 && (
        // On phones: the name and the actions (the editor shows the rest).
        <table aria-label="Groups">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="u-hide--small">
                Description
              </th>
              <th scope="col" className="u-align--right u-hide--small">
                Identities
              </th>
              <th scope="col" className="u-align--right u-hide--small">
                Permissions
              </th>
              <th scope="col">
                <span className="u-off-screen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.data.map((group) => {
              const editRefused = may("can_edit", `group:${group.name}`);
              const deleteRefused =
                group.name === adminGroup
                  ? "The admin group cannot be deleted: it holds admin on server."
                  : may("can_delete", `group:${group.name}`);
              return (
                <tr key={group.name}>
                  <td>{group.name}</td>
                  <td className="u-hide--small">{group.description}</td>
                  <td className="u-align--right u-hide--small">{group.identities}</td>
                  <td className="u-align--right u-hide--small">{group.permissions}</td>
                  <td>
                    <div className="permissions__row-actions">
                      <ActionButton
                        className="p-button is-dense"
                        label={`Edit ${group.name}`}
                        reason={editRefused}
                        onClick={() => {
                          setEditing(group.name);
                        }}
                      >
                        Edit
                      </ActionButton>
                      <ActionButton
                        className="p-button--negative is-dense"
                        label={`Delete ${group.name}`}
                        reason={deleteRefused}
                        onClick={() => {
                          remove.reset();
                          setDeleting(group);
                        }}
                      >
                        Delete
                      </ActionButton>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {creating && (
        <CreateGroupModal
          close={() => {
            setCreating(false);
          }}
          onCreated={(name) => {
            setCreating(false);
            setEditing(name);
          }}
        />
      )}
      {editing !== undefined && (
        <GroupEditorPanel
          name={editing}
          onClose={() => {
            setEditing(undefined);
          }}
        />
      )}
      {deleting !== undefined && (
        <ConfirmModal
          title={`Delete ${deleting.name}?`}
          body={`Its ${String(deleting.identities)} members lose what it grants, at once.`}
          confirmLabel="Delete"
          destructive
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => {
            setDeleting(undefined);
          }}
          onConfirm={() => {
            remove.mutate(deleting.name, {
              onSuccess: () => {
                // Its row, and the Delete button that opened this, are about to go.
                focusPageHeading();
                setDeleting(undefined);
              },
            });
          }}
        />
      )}
    </>
  );
}
