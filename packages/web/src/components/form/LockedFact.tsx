interface LockedFactProps {
  label: string;
  value: string;
  /** Why it cannot be changed here; none when there is nothing to choose (a single cluster). */
  reason?: string;
}

/** A value the form shows but cannot change, and why, in place of its field. */
export function LockedFact({ label, value, reason }: LockedFactProps) {
  return (
    <div className="form-fact">
      <p className="u-no-margin--bottom">
        <span className="p-form__label">{label}</span> <strong>{value}</strong>
      </p>
      {reason !== undefined && <p className="p-form-help-text">{reason}</p>}
    </div>
  );
}
