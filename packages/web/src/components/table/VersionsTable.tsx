import type { ReactNode } from "react";
import "./_versions-table.scss";

/** A column of a versions table: its heading (also the fact's label on a phone) and its cell. */
export interface VersionColumn<Version> {
  heading: string;
  cell: (version: Version) => ReactNode;
  className?: string;
}

interface Props<Version> {
  /** "Versions of com.example.game". */
  label: string;
  /** The page's own class, for what only its table needs. */
  className: string;
  /** In the order shown. */
  versions: readonly Version[];
  number: (version: Version) => number;
  /** The columns after the version number, which heads each row. */
  columns: readonly VersionColumn<Version>[];
  /** The row's buttons, in the last column. */
  actions: (version: Version) => ReactNode;
}

/**
 * The versions tab's table of an image or an application: a row a version, headed by its number,
 * its buttons last. Where the columns do not fit side by side each row is a card, its facts
 * labelled by their column's heading.
 */
export function VersionsTable<Version>({
  label,
  className,
  versions,
  number,
  columns,
  actions,
}: Props<Version>) {
  return (
    // The frame is what the layout is decided on: cards when it is too narrow for the columns.
    <div className="versions-table-frame">
      <table className={`versions-table ${className}`} role="table" aria-label={label}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Version
            </th>
            {columns.map((column) => (
              <th key={column.heading} scope="col" role="columnheader">
                {column.heading}
              </th>
            ))}
            <th scope="col" role="columnheader">
              <span className="u-off-screen">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {versions.map((version) => (
            <tr key={number(version)} role="row">
              <th scope="row" role="rowheader" data-heading="Version">
                {number(version)}
              </th>
              {columns.map((column) => (
                <td
                  key={column.heading}
                  role="cell"
                  data-heading={column.heading}
                  className={column.className}
                >
                  {column.cell(version)}
                </td>
              ))}
              <td role="cell" className="versions-table__actions">
                {actions(version)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
