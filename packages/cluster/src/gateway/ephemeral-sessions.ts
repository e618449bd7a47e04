import type { GatewayServices } from "./gateway-services.ts";
import { findSession } from "./session-store.ts";
import { endSessionByGateway } from "./session-termination.ts";

/**
 * An ephemeral session ends when its client leaves (reference 3.3: "deletes the session when the
 * client disconnects"): it is terminated, which deletes its instance, as `DELETE /1.0/sessions/{id}`
 * does. A session in error is kept, for its instance to be looked at.
 */
export async function endIfEphemeral(services: GatewayServices, sessionId: string): Promise<void> {
  const session = await findSession(services.context.db, sessionId);
  if (session?.ephemeral !== 1 || session.status !== "active") return;
  await endSessionByGateway(services, sessionId, undefined);
}
