import { useState } from "react";
import { useGroups, useSetProviderGroupMapping } from "../../../queries/permissions.ts";
import { SidePanel } from "../../../components/side-panel/SidePanel.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PanelButtons } from "../PanelButtons.tsx";
import { GroupChecklist } from "../GroupChecklist.tsx";

interface Props {
  /** The provider group edited; "" to map a new one (its name is asked for). */
  name: string;
  /** The groups it maps to now. */
  mapped: readonly string[];
  onClose: () => void;
}

/** The groups a provider group maps to, ticked and saved as a whole (none: it is unmapped). */
export function ProviderGroupPanel({ name, mapped, onClose }: Props) {
  const groups = useGroups();
  const save = useSetProviderGroupMapping();
  const [typedName, setTypedName] = useState(name);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(mapped));
  const isNew = name === "";
  const trimmed = typedName.trim();
  const changed =
    (isNew ? trimmed !== "" && chosen.size > 0 : true) &&
    (chosen.size !== mapped.length || mapped.some((group) => !chosen.has(group)));
  return (
    <SidePanel
      id="provider-group-panel"
      title={isNew ? "Map a provider group" : `Mapping of ${name}`}
      onClose={onClose}
      placement="over-page"
    >
      {groups.isPending && <PageLoader />}
      {groups.isError && <ErrorNotice title="Cannot load the groups" error={groups.error} />}
      {save.isError && <ErrorNotice title="The mapping was not saved" error={save.error} />}
      {groups.isSuccess && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (save.isPending || !changed) return;
            save.mutate(
              { name: isNew ? trimmed : name, groups: [...chosen].sort() },
              { onSuccess: onClose },
            );
          }}
        >
          {isNew && (
            <>
              <label htmlFor="provider-group-name">Provider group</label>
              <input
                id="provider-group-name"
                type="text"
                value={typedName}
                maxLength={200}
                required
                aria-describedby="provider-group-name-help"
                onChange={(event) => {
                  setTypedName(event.target.value);
                }}
              />
              <p className="p-form-help-text" id="provider-group-name-help">
                As the provider&apos;s groups claim names it, e.g. qa-team.
              </p>
            </>
          )}
          <GroupChecklist
            legend="Maps to"
            groups={groups.data}
            chosen={chosen}
            onChange={setChosen}
            refusedOf={() => undefined}
          />
          {!isNew && chosen.size === 0 && (
            <p className="p-form-help-text">Saved with no group, {name} is unmapped.</p>
          )}
          {isNew && !changed && (
            <p className="p-form-help-text">Name the provider group and tick a group to save.</p>
          )}
          <PanelButtons onCancel={onClose} changed={changed} saving={save.isPending} />
        </form>
      )}
    </SidePanel>
  );
}
