import { useState } from "react";
import type { IdentitySummary } from "../../../api/permissions.ts";
import { useGroups, useSetIdentityGroups } from "../../../queries/permissions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { SidePanel } from "../../../components/side-panel/SidePanel.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { PanelButtons } from "../PanelButtons.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";

interface Props {
  identity: IdentitySummary;
  onClose: () => void;
}

/**
 * An identity's groups, ticked and saved as a whole (as Anbox's PUT does). A group the editor may
 * not change (can_edit on it) stays as it is, disabled with the reason.
 */
export function IdentityGroupsPanel({ identity, onClose }: Props) {
  const groups = useGroups();
  const save = useSetIdentityGroups();
  const { may } = useMay();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(identity.groups));
  const changed =
    chosen.size !== identity.groups.length || identity.groups.some((group) => !chosen.has(group));
  return (
    <SidePanel
      id="identity-groups-panel"
      title={`Groups of ${identity.name}`}
      onClose={onClose}
      placement="over-page"
    >
      {groups.isPending && <PageLoader />}
      {groups.isError && <ErrorNotice title="Cannot load the groups" error={groups.error} />}
      {save.isError && <ErrorNotice title="The groups were not saved" error={save.error} />}
      {groups.isSuccess && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (save.isPending) return;
            save.mutate({ id: identity.id, groups: [...chosen].sort() }, { onSuccess: onClose });
          }}
        >
          <fieldset>
            <legend>Member of</legend>
            {groups.data.map((group) => {
              const refused = may("can_edit", `group:${group.name}`);
              return (
                <label className="p-checkbox" key={group.name} title={refused}>
                  <input
                    type="checkbox"
                    className="p-checkbox__input"
                    checked={chosen.has(group.name)}
                    disabled={refused !== undefined}
                    aria-describedby={refused === undefined ? undefined : `why-${group.name}`}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(group.name);
                      else next.delete(group.name);
                      setChosen(next);
                    }}
                  />
                  <span className="p-checkbox__label">
                    {group.name}
                    {group.description !== "" && ` (${group.description})`}
                  </span>
                  {refused !== undefined && (
                    <span className="u-off-screen" id={`why-${group.name}`}>
                      {refused}
                    </span>
                  )}
                </label>
              );
            })}
          </fieldset>
          <PanelButtons onCancel={onClose} changed={changed} saving={save.isPending} />
        </form>
      )}
    </SidePanel>
  );
}
