import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** Which node's panel is open, from the URL (`?node=<name>&nodeCluster=<clusterId>`). */
export interface OpenNode {
  clusterId: string;
  name: string;
}

/**
 * The node panel's state in the URL, beside the list's own: a link opens it again, and the back
 * button closes it.
 */
export function useNodePanel() {
  const [search, setSearch] = useSearchParams();
  const name = search.get("node");
  const clusterId = search.get("nodeCluster");
  const open: OpenNode | undefined =
    name !== null && name !== "" && clusterId !== null && clusterId !== ""
      ? { clusterId, name }
      : undefined;

  const openNode = useCallback(
    (node: OpenNode) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.set("node", node.name);
        next.set("nodeCluster", node.clusterId);
        return next;
      });
    },
    [setSearch],
  );
  const close = useCallback(() => {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete("node");
      next.delete("nodeCluster");
      return next;
    });
  }, [setSearch]);
  return { open, openNode, close };
}
