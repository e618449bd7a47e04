import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { readListParams, writeListParams, type ListParams } from "./list-params.ts";

/**
 * The list params (order, orderBy, page, size, filters, status) of the current URL, and a setter
 * that writes changes back to it as a new history entry, so that the back button undoes them.
 */
export function useListParams(): {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const setParams = useCallback(
    (changes: Partial<ListParams>) => {
      setSearchParams((current) => writeListParams(current, changes));
    },
    [setSearchParams],
  );
  return { params, setParams };
}
