import type { GatewayStunServer } from "@anbox-dashboard/contract";
import type { ClusterOptions } from "../options.ts";

/**
 * The STUN servers of a cluster's streams, as joins give them to clients and as the device's peer
 * uses them: one server entry with every configured URL; none when there are none.
 */
export function iceServersOf(options: Pick<ClusterOptions, "stunServers">): GatewayStunServer[] {
  const urls = options.stunServers ?? [];
  return urls.length === 0 ? [] : [{ urls }];
}
