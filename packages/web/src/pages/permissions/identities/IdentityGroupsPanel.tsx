import { useState } from "react";
import type { IdentitySummary } from "../../../api/permissions.ts";
import { useGroups, useSetIdentityGroups } from "../../../queries/permissions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { SidePanel } from "../../../components/side-panel/SidePanel.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { PanelButtons } from "../PanelButtons.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { GroupChecklist } from "../GroupChecklist.tsx";

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
          <GroupChecklist
            legend="Member of"
            groups={groups.data}
            chosen={chosen}
            onChange={setChosen}
            refusedOf={(group) => may("can_edit", `group:${group}`)}
          />
          <PanelButtons onCancel={onClose} changed={changed} saving={save.isPending} />
        </form>
      )}
    </SidePanel>
  );
}
