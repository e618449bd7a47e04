import type { ReactNode } from "react";

/** One fact of a resource (in a `<dl className="facts">`): its name beside its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
