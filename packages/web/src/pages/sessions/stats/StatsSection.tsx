import { type ReactNode, useId } from "react";
import type { StatRow } from "./stats-rows.ts";

interface Props {
  title: string;
  rows: readonly StatRow[];
  /** Shown under the rows: the section's charts. */
  children?: ReactNode;
}

/** A titled list of label → value, an abnormal value flagged in words as well as in colour. */
export function StatsSection({ title, rows, children }: Props) {
  const headingId = useId();
  return (
    <section className="stream-stats__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="stream-stats__heading p-heading--5">
        {title}
      </h3>
      <dl className="stream-stats__rows">
        {rows.map(({ label, value, abnormal }) => (
          <div key={label} className="stream-stats__row">
            <dt>{label}</dt>
            <dd className={abnormal ? "stream-stats__value is-abnormal" : "stream-stats__value"}>
              {value}
              {abnormal && <span className="p-status-label--negative">Abnormal</span>}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
