import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * Whose registry the page shows, in the URL (`?cluster=`): undefined for the first cluster's,
 * the server's own default, so that a shared link without it shows what the server would.
 */
export function useRegistryCluster(): [string | undefined, (clusterId: string) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = params.get("cluster") ?? undefined;
  const choose = useCallback(
    (clusterId: string) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set("cluster", clusterId);
        return next;
      });
    },
    [setParams],
  );
  return [chosen === "" ? undefined : chosen, choose];
}
