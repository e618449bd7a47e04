import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import type { UnreachableCluster } from "@anbox-dashboard/contract";
import { ErrorNotice } from "../ErrorNotice.tsx";
import { PageLoader } from "../PageLoader.tsx";
import { ListTable } from "../table/ListTable.tsx";
import type { TableColumn } from "../table/table-column.ts";
import { useNamesClusters } from "../../queries/clusters.ts";
import type { Noun } from "./count-noun.ts";
import { whyEmpty } from "./empty-reason.ts";
import { ListEmptyState } from "./ListEmptyState.tsx";
import { ListPagination } from "./ListPagination.tsx";
import { ListView } from "./ListView.tsx";
import { RefreshingIndicator } from "./RefreshingIndicator.tsx";
import { UnreachableClustersNotice } from "./UnreachableClustersNotice.tsx";
import { BulkActionsBar, type BulkActionButton } from "./selection/BulkActionsBar.tsx";
import type { BulkPlan } from "./selection/bulk-plan.ts";
import { useRowSelection } from "./selection/use-row-selection.ts";
import type { SortOrder } from "./url/list-params.ts";
import { useListUrlState, type ListSource, type ListUrlState } from "./url/use-list-url-state.ts";
import { afterNextPaint } from "../../util/after-next-paint.ts";

/** One page of a list as the dashboard's API answers it. */
export interface ResourcePage<Row> {
  metadata: readonly Row[];
  total_size: number;
  /** The clusters that did not answer, when others did. */
  unreachable?: readonly UnreachableCluster[] | undefined;
}

/** What a column's cell may call: a row action, and whether rows name their cluster. */
export interface ColumnContext<Row, Action extends string> {
  /** Every row's cluster is named when the rows come from more than one (useNamesClusters). */
  showCluster: boolean;
  onAction: (row: Row, action: Action) => void;
}

/** The actions on one row: those that run at once, and the dialog of the others. */
export interface RowActions<Row, Action extends string> {
  /** Runs `action` on `row` at once and answers true, or answers false for its dialog. */
  runAtOnce?: (row: Row, action: Action) => boolean;
  /**
   * The dialog of an action, with the latest copy of its row (a status changed while it is open
   * shows). `close` ends it.
   */
  dialog?: (row: Row, action: Action, close: () => void) => ReactNode;
  /** The keys of the rows with a write under way. */
  busy?: ReadonlySet<string>;
  /**
   * Called once the list's rows are on screen: the page preloads its dialogs, after the frame
   * that shows the rows, so that their code never goes before the rows (make budget counts what
   * comes before).
   */
  preload?: () => void;
}

/** The actions on the rows ticked on this page. */
export interface BulkActions<Row, Action extends string, Plan extends BulkPlan<Row, Action>> {
  buttons: readonly BulkActionButton<Action>[];
  /** What applies to which of the ticked rows, and why the others are left out. */
  plan: (action: Action, selected: readonly Row[]) => Plan;
  /** "Select web-1" (a module-level function). */
  rowLabel: (row: Row) => string;
  /** "Select all instances on this page". */
  allLabel: string;
  /** What a bulk action under way is doing ("Starting 2 instances"), if one is. */
  underWay: string | undefined;
  /** The confirmation of a plan; `close(true)` once it ran (the selection is then cleared). */
  dialog: (plan: Plan, close: (ran: boolean) => void) => ReactNode;
}

/**
 * A resource list, declared: what it lists and how (the list call, its URL state, its columns),
 * what it says when empty, its filters. The page adds what it does (row actions, bulk actions).
 */
export interface ResourceListDeclaration<
  Row,
  SortKey extends string,
  FilterKey extends string,
  Request,
  Action extends string,
> {
  /** The table's accessible name: "Instances". */
  label: string;
  noun: Noun;
  source: ListSource<SortKey, FilterKey, Request>;
  /** The list call: the query hook of `queries/<resource>.ts` for one page. */
  usePage: (request: Request) => UseQueryResult<ResourcePage<Row>>;
  /** A row's unique key (a module-level function). */
  rowKey: (row: Row) => string;
  /** The direction a column sorts in when it is first picked. */
  defaultOrder: (key: SortKey) => SortOrder;
  /** The columns (a module-level function: called again only when its context changes). */
  columns: (context: ColumnContext<Row, Action>) => readonly TableColumn<Row, SortKey>[];
  /** The filter bar, shown unless the list has nothing at all; `aside` goes at its end. */
  filters: (list: ListUrlState<SortKey, FilterKey, Request>, aside: ReactNode) => ReactNode;
  /** "Updating" shows while any query under this key loads (a live refetch, another page). */
  updatingKey?: QueryKey;
  /** The list has nothing yet: what the user can do about it. */
  empty: { title: string; children: ReactNode };
}

interface Props<
  Row,
  SortKey extends string,
  FilterKey extends string,
  Request,
  Action extends string,
  BulkAction extends string,
  Plan extends BulkPlan<Row, BulkAction>,
> {
  declaration: ResourceListDeclaration<Row, SortKey, FilterKey, Request, Action>;
  rowActions?: RowActions<Row, Action>;
  bulk?: BulkActions<Row, BulkAction, Plan>;
}

/**
 * A server-paged list of one kind of resource, from its declaration: the filters, the error, the
 * unreachable clusters, the loader, the empty state that says why, the table (with the ticked
 * rows' actions), the pagination and the dialogs. Search, filters, sort and page live in the URL
 * (`useListUrlState`); the server does the work, and the rows stay on screen while the next
 * answer loads.
 */
export function ResourceList<
  Row extends { clusterId: string },
  SortKey extends string,
  FilterKey extends string,
  Request,
  Action extends string = never,
  BulkAction extends string = never,
  Plan extends BulkPlan<Row, BulkAction> = BulkPlan<Row, BulkAction>,
>({
  declaration,
  rowActions,
  bulk,
}: Props<Row, SortKey, FilterKey, Request, Action, BulkAction, Plan>) {
  const { noun, rowKey } = declaration;
  const list = useListUrlState(declaration.source);
  const page = declaration.usePage(list.request);
  const rows = page.data?.metadata;
  const total = page.data?.total_size ?? 0;
  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, list.filtered);
  const showCluster = useNamesClusters(rows?.map((row) => row.clusterId) ?? []);
  const selection = useRowSelection(rows, rowKey, JSON.stringify(list.request));

  const hasRows = (rows?.length ?? 0) > 0;
  const preload = rowActions?.preload;
  useEffect(() => {
    if (hasRows && preload) return afterNextPaint(preload);
  }, [hasRows, preload]);

  const [pending, setPending] = useState<{ key: string; action: Action }>();
  const runAtOnce = rowActions?.runAtOnce;
  const onAction = useCallback(
    (row: Row, action: Action) => {
      if (runAtOnce?.(row, action) === true) return;
      setPending({ key: rowKey(row), action });
    },
    [runAtOnce, rowKey],
  );
  // The latest answer's copy, so that the dialog sees what changed while it is open.
  const target = rows?.find((row) => rowKey(row) === pending?.key);
  const [bulkPlan, setBulkPlan] = useState<Plan>();

  // The same columns from render to render, or every row would render again.
  const columnsOf = declaration.columns;
  const columns = useMemo(
    () => columnsOf({ showCluster, onAction }),
    [columnsOf, showCluster, onAction],
  );
  // Rebuilt only when the ticks change: the bulk declaration is a new object at every render.
  const rowLabel = bulk?.rowLabel;
  const allLabel = bulk?.allLabel ?? "";
  const tableSelection = useMemo(
    () =>
      rowLabel !== undefined
        ? {
            keys: selection.keys,
            onToggle: selection.toggle,
            onToggleAll: selection.setAll,
            rowLabel,
            allLabel,
          }
        : undefined,
    [rowLabel, allLabel, selection.keys, selection.toggle, selection.setAll],
  );

  const updating = declaration.updatingKey && (
    <RefreshingIndicator queryKey={declaration.updatingKey} />
  );
  return (
    <ListView>
      {emptyReason !== "none" && declaration.filters(list, bulk ? undefined : updating)}
      {page.isError && <ErrorNotice title={`Cannot load the ${noun.other}`} error={page.error} />}
      <UnreachableClustersNotice clusters={page.data?.unreachable} noun={noun.other} />
      {page.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <ListEmptyState
          unreachable={page.data?.unreachable}
          reason={emptyReason}
          noun={noun}
          none={declaration.empty}
          onClearFilters={list.clearFilters}
          onFirstPage={() => {
            list.setPage(1);
          }}
        />
      )}
      {rows !== undefined && rows.length > 0 && (
        <>
          {bulk && (
            <div className="list-toolbar">
              <BulkActionsBar
                noun={noun}
                selected={selection.selected}
                actions={bulk.buttons}
                plan={bulk.plan}
                onAction={(action) => {
                  setBulkPlan(bulk.plan(action, selection.selected));
                }}
                onClearSelection={selection.clear}
                underWay={bulk.underWay}
              />
              {updating}
            </div>
          )}
          <ListTable
            label={declaration.label}
            rows={rows}
            rowKey={rowKey}
            columns={columns}
            sort={list.sort}
            onSort={list.setSort}
            defaultOrder={declaration.defaultOrder}
            selection={tableSelection}
            busyKeys={rowActions?.busy}
            stale={page.isPlaceholderData}
          />
        </>
      )}
      {page.data !== undefined && total > 0 && (
        <ListPagination
          noun={noun}
          page={list.query.page}
          size={list.query.size}
          total={total}
          onPage={list.setPage}
          onSize={list.setSize}
        />
      )}
      {target !== undefined && pending !== undefined && (
        // One dialog per row: another row's opens fresh.
        <Fragment key={pending.key}>
          {rowActions?.dialog?.(target, pending.action, () => {
            setPending(undefined);
          })}
        </Fragment>
      )}
      {bulkPlan !== undefined &&
        bulk?.dialog(bulkPlan, (ran) => {
          setBulkPlan(undefined);
          if (ran) selection.clear();
        })}
    </ListView>
  );
}
