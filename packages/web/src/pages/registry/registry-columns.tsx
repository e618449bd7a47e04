import type { RegistryApplicationView } from "../../api/registry.ts";
import type { TableColumn } from "../../components/table/table-column.ts";
import { formatBytes } from "../../util/bytes.ts";
import { newestRegistryVersion, registryVersions } from "./registry-facts.ts";

export type RegistryColumn = TableColumn<RegistryApplicationView>;

/** What the row buttons do, and why they are off when they are. */
export interface RegistryRowActions {
  onPull: (application: RegistryApplicationView) => void;
  onDelete: (application: RegistryApplicationView) => void;
  /** Why pull and delete are off (automatic mode, loading); undefined when they are on. */
  unavailable: string | undefined;
  /** The element that shows that reason on the page, for the buttons' description. */
  reasonId: string | undefined;
  /** Why the user may not pull, or delete, from the registry (their permissions), if not. */
  pullRefused?: string | undefined;
  deleteRefused?: string | undefined;
}

function versionsCell(application: RegistryApplicationView) {
  const versions = registryVersions(application);
  const newest = versions[0];
  if (newest === undefined) return "None";
  const count = versions.length === 1 ? "1 version" : `${String(versions.length)} versions`;
  return `${count}, newest ${String(newest.number)}`;
}

function sizeCell(application: RegistryApplicationView) {
  const newest = newestRegistryVersion(application);
  return newest === undefined ? "" : formatBytes(newest.size);
}

function actionsCell(actions: RegistryRowActions) {
  return (application: RegistryApplicationView) => {
    const off = actions.unavailable !== undefined;
    const described = off ? actions.reasonId : undefined;
    return (
      <div className="registry-list__row-actions">
        <button
          type="button"
          className="p-button is-dense u-no-margin--bottom"
          aria-label={`Pull ${application.name}`}
          disabled={off || actions.pullRefused !== undefined}
          title={actions.unavailable ?? actions.pullRefused}
          aria-describedby={described}
          onClick={() => {
            actions.onPull(application);
          }}
        >
          Pull
        </button>
        <button
          type="button"
          className="p-button--negative is-dense u-no-margin--bottom"
          aria-label={`Delete ${application.name} from the registry`}
          disabled={off || actions.deleteRefused !== undefined}
          title={actions.unavailable ?? actions.deleteRefused}
          aria-describedby={described}
          onClick={() => {
            actions.onDelete(application);
          }}
        >
          Delete
        </button>
      </div>
    );
  };
}

/**
 * The columns of the registry list. The name, the clusters that hold it and the actions always
 * show; then the versions and the size, the type, and the tags give way as the width shrinks.
 */
export function registryColumns(actions: RegistryRowActions): RegistryColumn[] {
  return [
    {
      id: "name",
      header: "Name",
      cell: (application) => application.name,
      priority: 0,
      minWidth: 9,
      grow: 2,
      rowHeader: true,
      unlabelledInCards: true,
    },
    {
      id: "held-by",
      header: "Held by",
      cell: (application) =>
        application.heldBy.length === 0 ? "No cluster" : application.heldBy.join(", "),
      priority: 0,
      minWidth: 8,
      grow: 1,
    },
    { id: "versions", header: "Versions", cell: versionsCell, priority: 1, minWidth: 9.5 },
    { id: "size", header: "Size", cell: sizeCell, priority: 1, minWidth: 6.5 },
    {
      id: "type",
      header: "Type",
      cell: (application) => (application.vm ? "VM" : "Container"),
      priority: 2,
      minWidth: 6.5,
    },
    {
      id: "tags",
      header: "Tags",
      cell: (application) => (application.tags.length === 0 ? null : application.tags.join(", ")),
      priority: 3,
      minWidth: 7,
      grow: 1,
    },
    {
      id: "actions",
      header: "Actions",
      cell: actionsCell(actions),
      priority: 0,
      minWidth: 10,
      unlabelledInCards: true,
    },
  ];
}
