/** A field's label, with its unit for screen readers ("Memory (GB)"); the field shows the unit. */
export function LabelWithUnit({ label, unit }: { label: string; unit?: string | undefined }) {
  if (unit === undefined) return <>{label}</>;
  return (
    <>
      {label}
      <span className="u-off-screen"> ({unit})</span>
    </>
  );
}
