/** Which rows of a sorted query a list call asks for. */
export interface PageOfRows {
  limit: number | undefined;
  offset: number;
}

/**
 * A sorted query cut to one page: `LIMIT` and `OFFSET` as asked. SQLite takes an OFFSET only
 * after a LIMIT, so an offset without a limit gets one that cuts nothing (the fuzz tests found
 * `?offset=31` alone answering 500 where one list had forgotten it).
 */
export function onePage<Query extends { limit(rows: number): Query; offset(rows: number): Query }>(
  query: Query,
  page: PageOfRows,
): Query {
  if (page.offset <= 0) return page.limit === undefined ? query : query.limit(page.limit);
  return query.limit(page.limit ?? Number.MAX_SAFE_INTEGER).offset(page.offset);
}
