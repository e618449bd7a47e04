import type { ReactNode } from "react";
import { ConfirmModal } from "../../overlays/ConfirmModal.tsx";
import { countOf, type Noun } from "../count-noun.ts";
import type { LeftOutItem } from "./bulk-plan.ts";

interface Props {
  noun: Noun;
  /** "Start". */
  verb: string;
  /** The names of the items the action applies to. */
  names: readonly string[];
  leftOut: readonly LeftOutItem[];
  /** A destructive action's button is red. */
  destructive: boolean;
  /** More to say or ask before confirming (force for a delete, say). */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation stays readable: this many names, then a count. */
const maxNamesShown = 10;

/**
 * Asks before a bulk action, separating the items it applies to from those it leaves out, with
 * the reason for each.
 */
export function BulkConfirmModal({
  noun,
  verb,
  names,
  leftOut,
  destructive,
  children,
  onConfirm,
  onCancel,
}: Props) {
  const count = countOf(noun, names.length);
  const shown = names.slice(0, maxNamesShown);
  const more = names.length - shown.length;
  const leftOutShown = leftOut.slice(0, maxNamesShown);
  const leftOutMore = leftOut.length - leftOutShown.length;
  return (
    <ConfirmModal
      title={`${verb} ${count}?`}
      body={
        <>
          {verb}: {shown.join(", ")}
          {more > 0 && ` and ${String(more)} more`}.
        </>
      }
      confirmLabel={`${verb} ${count}`}
      destructive={destructive}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {leftOut.length > 0 && (
        <div className="list-bulk__left-out">
          <p className="u-no-margin--bottom">Left out ({leftOut.length}):</p>
          <ul>
            {leftOutShown.map((item) => (
              <li key={item.key}>
                {item.name}: {item.reason}
              </li>
            ))}
            {leftOutMore > 0 && <li>and {leftOutMore} more</li>}
          </ul>
        </div>
      )}
      {children}
    </ConfirmModal>
  );
}
