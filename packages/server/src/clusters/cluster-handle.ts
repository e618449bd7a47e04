import type { AmsClient } from "./ams-client.ts";
import type { GatewayClient } from "./gateway-client.ts";

/** A cluster the dashboard manages: its id, and the clients of its AMS and its stream gateway. */
export interface ClusterHandle {
  id: string;
  client: AmsClient;
  /** Undefined for a cluster without a stream gateway: its instances cannot be streamed. */
  gateway?: GatewayClient | undefined;
}
