/** A value a list sorts by: text (compared by code unit, as the clusters' databases sort) or a number. */
export type SortValue = string | number;

export interface InMemoryOrder<Item> {
  /** The column's value: text the caller wants sorted without case is given in lower case. */
  column: (item: Item) => SortValue;
  order: "asc" | "desc";
  /**
   * What breaks ties, most significant first, ending with what tells any two items apart (cluster
   * and id): equal columns keep one order from call to call, so that pages neither repeat nor
   * skip an item.
   */
  ties: (item: Item) => readonly SortValue[];
}

function compareValues(left: SortValue, right: SortValue): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Sorts items read whole from the clusters (their operations, applications, images: tens to a
 * few thousands, which no cluster pages for us), the one way every such list sorts: by the column,
 * then the ties, all in the direction asked, so that descending is ascending reversed. Does not
 * touch its input.
 */
export function sortInMemory<Item>(items: readonly Item[], how: InMemoryOrder<Item>): Item[] {
  const direction = how.order === "asc" ? 1 : -1;
  const keyed = items.map((item) => ({ item, column: how.column(item), ties: how.ties(item) }));
  keyed.sort((a, b) => {
    const byColumn = compareValues(a.column, b.column);
    if (byColumn !== 0) return direction * byColumn;
    for (const [index, value] of a.ties.entries()) {
      const byTie = compareValues(value, b.ties[index] ?? value);
      if (byTie !== 0) return direction * byTie;
    }
    return 0;
  });
  return keyed.map(({ item }) => item);
}

/** Page `page` (from 1) of `size` of the sorted items, and how many there are in all. */
export function pageInMemory<Item>(
  sorted: readonly Item[],
  { page, size }: { page: number; size: number },
): { metadata: Item[]; total_size: number } {
  const first = (page - 1) * size;
  return { metadata: sorted.slice(first, first + size), total_size: sorted.length };
}
