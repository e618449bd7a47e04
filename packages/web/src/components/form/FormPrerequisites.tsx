import type { ReactNode } from "react";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { CautionNotice } from "../CautionNotice.tsx";
import { ErrorNotice } from "../ErrorNotice.tsx";
import { PageLoader } from "../PageLoader.tsx";

type DataOf<Query> = Query extends UseQueryResult<infer Data> ? Data : never;

/** The data of each query, in their order. */
type DataOfEach<Queries extends readonly UseQueryResult[]> = {
  [Index in keyof Queries]: DataOf<Queries[Index]>;
};

interface Props<Queries extends readonly UseQueryResult[]> {
  /** What the form is made from (the clusters, the session info, the resource it edits). */
  queries: Queries;
  /** Why the form cannot be used with this data (no cluster to put anything on); nothing if it can. */
  unusable?: (data: DataOfEach<Queries>) => ReactNode;
  /** The form, with the data of each query. */
  children: (data: DataOfEach<Queries>) => ReactNode;
}

/** Whether every query has its data (`data` holds them, in the queries' order). */
function allLoaded<Queries extends readonly UseQueryResult[]>(
  data: readonly unknown[],
): data is DataOfEach<Queries> {
  return data.every((value) => value !== undefined);
}

/**
 * What every form page shows before its form: the loader while what it is made from loads, why
 * when any of it failed ("Cannot prepare the form"), why when it cannot be used, then the form.
 */
export function FormPrerequisites<const Queries extends readonly UseQueryResult[]>({
  queries,
  unusable,
  children,
}: Props<Queries>) {
  const failed = queries.find((query) => query.isError)?.error;
  if (failed) return <ErrorNotice title="Cannot prepare the form" error={failed} />;
  const data = queries.map((query) => query.data);
  if (!allLoaded<Queries>(data)) return <PageLoader />;
  const why = unusable?.(data);
  // Nothing (undefined, null, false: `empty && <Notice />`) when the form can be used.
  if (why !== undefined && why !== null && why !== false) return why;
  return children(data);
}

/** A form that puts something on a cluster, while the dashboard manages none. */
export function NoClusterNotice({
  nothingTo,
  back,
  refused,
}: {
  /** "create an instance". */
  nothingTo: string;
  back: { label: string; path: string };
  /** Why the user may do it on none of the clusters there are (their permissions), if so. */
  refused?: string | undefined;
}) {
  return (
    <CautionNotice>
      {refused === undefined
        ? `The dashboard manages no cluster yet: there is nowhere to ${nothingTo}.`
        : `You may ${nothingTo} on no cluster. ${refused}`}{" "}
      <Link to={back.path}>Back to the {back.label}</Link>
    </CautionNotice>
  );
}
