import { useId, useState } from "react";
import {
  byteQuotaKeys,
  formatQuotaValue,
  quotaKeyLabels,
  quotaKeys,
  quotaValueMax,
  whereQuotaApplies,
  type GroupLimit,
  type QuotaKey,
} from "@anbox-dashboard/contract";
import { useClusters } from "../../../queries/clusters.ts";
import { useGroupUsage } from "../../../queries/quotas.ts";
import { describeTotals } from "../../../components/quotas/QuotaTable.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { RemoveStagedButton } from "./RemoveStagedButton.tsx";

interface Props {
  group: string;
  limits: readonly GroupLimit[];
  onChange: (limits: GroupLimit[]) => void;
  /** Why the editor may not change limits, if they may not. */
  locked: string | undefined;
}

const keyOf = (limit: Pick<GroupLimit, "key" | "cluster">) => `${limit.key} ${limit.cluster ?? ""}`;

/**
 * A group's quotas, staged with its permissions until Save: each limit with how much of it the
 * members use now, and a form to add one (over all clusters or on one; memory and disk in GB).
 * Only an administrator may change them (the server decides it again).
 */
export function GroupLimits({ group, limits, onChange, locked }: Props) {
  const headingId = useId();
  const usage = useGroupUsage(group);
  const usedOf = (limit: GroupLimit): string => {
    const line = usage.data?.lines.find((saved) => keyOf(saved) === keyOf(limit));
    if (line !== undefined) return formatQuotaValue(limit.key, line.used);
    if (limit.cluster === null && usage.data !== undefined) {
      return formatQuotaValue(limit.key, usage.data.totals[limit.key]);
    }
    return usage.isPending ? "…" : "shown once saved";
  };
  return (
    <>
      <h3 className="p-heading--5" id={headingId}>
        Limits
      </h3>
      {usage.isError && <ErrorNotice title="Cannot read the group's usage" error={usage.error} />}
      {usage.isSuccess && <p>Its members use now: {describeTotals(usage.data)}.</p>}
      {limits.length === 0 ? (
        <p>None: its members may use what their permissions allow.</p>
      ) : (
        <table className="permissions__staged" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Applies</th>
              <th scope="col">At most</th>
              <th scope="col">Used now</th>
              <th scope="col">
                <span className="u-off-screen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {limits.map((limit) => (
              <tr key={keyOf(limit)}>
                <td>{quotaKeyLabels[limit.key]}</td>
                <td>{whereQuotaApplies(limit.cluster)}</td>
                <td>{formatQuotaValue(limit.key, limit.value)}</td>
                <td>{usedOf(limit)}</td>
                <td>
                  <RemoveStagedButton
                    label={`Remove the limit on ${quotaKeyLabels[limit.key]} ${whereQuotaApplies(limit.cluster)}`}
                    refusal={locked}
                    onRemove={() => {
                      onChange(limits.filter((other) => keyOf(other) !== keyOf(limit)));
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {locked === undefined ? (
        <AddLimitForm
          onAdd={(limit) => {
            onChange([...limits.filter((other) => keyOf(other) !== keyOf(limit)), limit]);
          }}
        />
      ) : (
        <p>{locked}</p>
      )}
    </>
  );
}

/** Picks a key, where it applies and its value; a limit already set there is replaced. */
function AddLimitForm({ onAdd }: { onAdd: (limit: GroupLimit) => void }) {
  const id = useId();
  const clusters = useClusters().data ?? [];
  const [key, setKey] = useState<QuotaKey>("instances");
  const [cluster, setCluster] = useState("");
  const [text, setText] = useState("");
  const inBytes = byteQuotaKeys.includes(key);
  const amount = Number(text);
  const value = inBytes ? Math.round(amount * 1e9) : amount;
  const empty = text.trim() === "";
  const problem =
    empty || !Number.isFinite(amount)
      ? "Enter a value."
      : amount < 0
        ? "The value must be 0 or more."
        : !inBytes && !Number.isInteger(amount)
          ? "The value must be a whole number."
          : value > quotaValueMax
            ? "The value is too large."
            : undefined;
  const add = () => {
    if (problem !== undefined) return;
    onAdd({ key, value, cluster: cluster === "" ? null : cluster });
    setText("");
  };
  return (
    <fieldset>
      <legend>Add a limit</legend>
      <div className="permissions__add">
        <div>
          <label htmlFor={`${id}-key`}>Limit</label>
          <select
            id={`${id}-key`}
            value={key}
            onChange={(event) => {
              setKey(event.target.value as QuotaKey);
            }}
          >
            {quotaKeys.map((option) => (
              <option key={option} value={option}>
                {quotaKeyLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-cluster`}>Applies</label>
          <select
            id={`${id}-cluster`}
            value={cluster}
            onChange={(event) => {
              setCluster(event.target.value);
            }}
          >
            <option value="">Over all clusters</option>
            {clusters.map((option) => (
              <option key={option.id} value={option.id}>
                On cluster {option.id}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-value`}>At most{inBytes ? " (GB)" : ""}</label>
          <input
            id={`${id}-value`}
            type="number"
            min={0}
            step={inBytes ? 0.1 : 1}
            inputMode={inBytes ? "decimal" : "numeric"}
            value={text}
            aria-describedby={`${id}-problem`}
            aria-invalid={!empty && problem !== undefined}
            onChange={(event) => {
              setText(event.target.value);
            }}
            onKeyDown={(event) => {
              // Enter adds the limit: it does not send the group's form (and close the panel).
              if (event.key !== "Enter") return;
              event.preventDefault();
              add();
            }}
          />
        </div>
        <div>
          <button
            type="button"
            className="p-button"
            title={problem}
            disabled={problem !== undefined}
            onClick={add}
          >
            Add
          </button>
        </div>
      </div>
      <p className="p-form-help-text" id={`${id}-problem`}>
        {empty || problem === undefined
          ? "Added to the list above (Enter adds it too); saved with the group."
          : problem}
      </p>
    </fieldset>
  );
}
