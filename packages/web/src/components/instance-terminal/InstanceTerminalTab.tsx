import { Suspense, useState } from "react";
import { terminalStatuses } from "@anbox-dashboard/contract";
import type { ClusterInstance } from "../../api/instances.ts";
import { PageLoader } from "../PageLoader.tsx";
import { lazyWithRetry } from "../../util/lazy-with-retry.ts";
import { missingFeature } from "../../util/cluster-features.ts";
import { useClusterHealth } from "../../queries/clusters.ts";
import { CautionNotice } from "../CautionNotice.tsx";

// xterm.js is heavy: it loads with the terminal, not with the page.
const InstanceTerminal = lazyWithRetry(() => import("./InstanceTerminal.tsx"));

/** Why an instance in this status has no terminal. */
export function terminalRefusal(status: string): string {
  return `The terminal needs a running instance: this one is ${status}.`;
}

/**
 * The terminal tab: a shell on the instance while it is up (and its cluster's AMS offers exec),
 * otherwise the reason there is none.
 * When the instance stops, the terminal goes (and its sockets close) and the reason shows.
 */
export function InstanceTerminalTab({ instance }: { instance: ClusterInstance }) {
  // Each reconnection is a new terminal with a new shell.
  const [connection, setConnection] = useState(0);
  const health = useClusterHealth(instance.clusterId);
  const refusal = terminalStatuses.includes(instance.status)
    ? missingFeature(instance.clusterId, health, "terminal")
    : terminalRefusal(instance.status);
  if (refusal !== undefined) {
    return <CautionNotice>{refusal}</CautionNotice>;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <InstanceTerminal
        key={connection}
        clusterId={instance.clusterId}
        instanceId={instance.id}
        onReconnect={() => {
          setConnection((count) => count + 1);
        }}
      />
    </Suspense>
  );
}
