import {
  formatQuotaValue,
  quotaKeyLabels,
  whereQuotaApplies,
  type GroupQuota,
} from "@anbox-dashboard/contract";
import "./_quotas.scss";

interface Props {
  quota: GroupQuota;
  /** Names the table (its heading's id). */
  labelledBy: string;
}

/**
 * A group's limits, each with how much of it its members use now ("2 of 3") and marked when it
 * is reached: what the next create, start or stream would be refused for.
 */
export function QuotaTable({ quota, labelledBy }: Props) {
  return (
    <table className="quota-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Limit</th>
          <th scope="col">Applies</th>
          <th scope="col">Used</th>
        </tr>
      </thead>
      <tbody>
        {quota.lines.map((line) => (
          <tr key={`${line.key} ${line.cluster ?? ""}`}>
            <td>{quotaKeyLabels[line.key]}</td>
            <td>{whereQuotaApplies(line.cluster)}</td>
            <td>
              {formatQuotaValue(line.key, line.used)} of {formatQuotaValue(line.key, line.value)}
              {line.used >= line.value && (
                <span className="p-status-label--caution quota-table__reached">Reached</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a group's members use now over all clusters, in one sentence. */
export function describeTotals(quota: GroupQuota): string {
  const { totals } = quota;
  return [
    `${String(totals.instances)} instances (${String(totals.running_instances)} running)`,
    `${String(totals.cpus)} CPU cores`,
    `${formatQuotaValue("memory", totals.memory)} memory`,
    `${formatQuotaValue("disk", totals.disk)} disk`,
    `${String(totals.gpu_slots)} GPU slots`,
    `${String(totals.concurrent_streams)} streams watched`,
  ].join(", ");
}
