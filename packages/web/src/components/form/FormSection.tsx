import type { ReactNode } from "react";

interface Props {
  /** The heading's id, naming the section: "instance-create-details". */
  id: string;
  title: ReactNode;
  /** What the tour points at, if it does (`data-tour`). */
  tourTarget?: string;
  children: ReactNode;
}

/** A titled part of a form page (Details, Source, Security): a section named by its heading. */
export function FormSection({ id, title, tourTarget, children }: Props) {
  return (
    <section className="form-section" aria-labelledby={id} data-tour={tourTarget}>
      <h2 className="p-heading--4" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
