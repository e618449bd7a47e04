import type { GatewayServices } from "./gateway-services.ts";
import { findSession } from "./session-store.ts";
import { terminateSessions } from "./session-termination.ts";

/**
 * An ephemeral session ends when its client leaves (reference 3.3: "deletes the session when the
 * client disconnects"): it is terminated, which deletes its instance, as `DELETE /1.0/sessions/{id}`
 * does. A session in error is kept, for its instance to be looked at.
 */
export async function endIfEphemeral(services: GatewayServices, sessionId: string): Promise<void> {
  const session = await findSession(services.context.db, sessionId);
  if (session?.ephemeral !== 1 || session.status !== "active") return;
  const { errors } = await terminateSessions(services, [sessionId], { wait: false });
  for (const error of errors) {
    console.warn(
      `stream gateway: ephemeral session ${sessionId} not ended: ${error.error_message}`,
    );
  }
}
