import type { GroupSummary } from "../../api/permissions.ts";

interface Props {
  legend: string;
  groups: readonly GroupSummary[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: ReadonlySet<string>) => void;
  /** Why a group may not be ticked or unticked here, if it may not. */
  refusedOf: (group: string) => string | undefined;
}

/**
 * The groups as checkboxes (an identity's groups, a provider group's mapping), each with its
 * description; one its editor may not change stays as it is, disabled with the reason (read with
 * it, as well as shown on hover).
 */
export function GroupChecklist({ legend, groups, chosen, onChange, refusedOf }: Props) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {groups.map((group) => {
        const refused = refusedOf(group.name);
        const reasonId = `why-${group.name}`;
        return (
          <label className="p-checkbox" key={group.name} title={refused}>
            <input
              type="checkbox"
              className="p-checkbox__input"
              checked={chosen.has(group.name)}
              disabled={refused !== undefined}
              aria-describedby={refused === undefined ? undefined : reasonId}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(group.name);
                else next.delete(group.name);
                onChange(next);
              }}
            />
            <span className="p-checkbox__label">
              {group.name}
              {group.description !== "" && ` (${group.description})`}
            </span>
            {refused !== undefined && (
              <span className="u-off-screen" id={reasonId}>
                {refused}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
