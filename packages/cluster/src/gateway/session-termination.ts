import type { ClusterContext } from "../context.ts";
import { deletionProblem } from "../instances/lifecycle.ts";
import {
  instanceOperationKinds,
  startInstanceOperation,
} from "../instances/instance-operations.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { GatewayServices } from "./gateway-services.ts";
import { findSession } from "./session-store.ts";

/** GW-OAS `SessionsDeleteError`. */
export interface SessionDeleteError {
  session_id: string;
  status_code: number;
  error_message: string;
}

export interface TerminationResult {
  /** Sessions terminated, or terminating with their instance's deletion under way. */
  deleted: string[];
  errors: SessionDeleteError[];
}

/**
 * Ends sessions as Anbox does: deleting a session deletes its instance. Each session becomes
 * `terminating`, its stream is closed, and its instance is deleted by the same operation the AMS
 * API's `DELETE /1.0/instances` starts (one operation for all of them); the instance's removal
 * makes the session `terminated`. A session whose instance is already gone is terminated at once.
 * Sessions that cannot be ended (unknown, or their instance is protected against deletion) are
 * reported one by one and the others still end. With `wait`, the answer comes once the instances
 * are deleted; a session whose instance could not be deleted then goes back to its instance's
 * status and is reported as an error.
 */
export async function terminateSessions(
  services: GatewayServices,
  ids: readonly string[],
  options: { wait: boolean; why?: string },
): Promise<TerminationResult> {
  const { context, tracker, streams } = services;
  const { db } = context;
  const result: TerminationResult = { deleted: [], errors: [] };
  const deleting = new Map<string, string>(); // session id → instance id
  for (const id of new Set(ids)) {
    const session = await findSession(db, id);
    if (!session) {
      result.errors.push({
        session_id: id,
        status_code: 404,
        error_message: `Session "${id}" not found`,
      });
      continue;
    }
    // A terminated session whose instance still exists (stopped) takes its instance with it too.
    if (session.live_instance_id === null) {
      result.deleted.push(id);
      continue;
    }
    const instance = await db
      .selectFrom("instances")
      .selectAll()
      .where("id", "=", session.live_instance_id)
      .executeTakeFirst();
    const problem = instance && deletionProblem(instance, true);
    if (problem !== undefined) {
      result.errors.push({ session_id: id, status_code: 409, error_message: problem });
      continue;
    }
    deleting.set(id, session.live_instance_id);
  }
  // Sessions of instances that are already gone: the tracker marks them terminated.
  await tracker.refresh(await instanceIdsOf(context, result.deleted));
  if (deleting.size === 0) return result;

  const sessionIds = [...deleting.keys()];
  const instanceIds = [...new Set(deleting.values())];
  const release = tracker.holdTerminating(sessionIds);
  await db
    .updateTable("gateway_sessions")
    .set({
      status: "terminating",
      status_message: options.why ?? "The session is ending: its instance is being deleted",
      updated_at: Math.floor(Date.now() / 1000),
    })
    .where("id", "in", sessionIds)
    .execute();
  await Promise.all(sessionIds.map((id) => streams.end(id, options.why)));

  let operationId: string;
  try {
    const operation = await startInstanceOperation(
      context,
      instanceOperationKinds.delete,
      sessionIds.length === 1 ? "Deleting instance" : "Deleting instances",
      instanceIds,
      { ids: instanceIds },
    );
    operationId = operation.id;
  } catch (error) {
    release();
    await tracker.refresh(instanceIds);
    throw error;
  }
  const settled = (async () => {
    try {
      return await context.operations.wait(operationId, -1);
    } finally {
      release();
      // A failed deletion gives each session back the status of its instance.
      await tracker.refresh(instanceIds);
    }
  })();

  if (!options.wait) {
    settled.catch(() => undefined);
    result.deleted.push(...sessionIds);
    return result;
  }
  const operation = await settled;
  const reason = operation !== undefined && operation.err !== "" ? operation.err : "unknown reason";
  for (const id of sessionIds) {
    const session = await findSession(db, id);
    if (session?.status === "terminated") result.deleted.push(id);
    else {
      result.errors.push({
        session_id: id,
        status_code: 409,
        error_message: `The session's instance could not be deleted: ${reason}`,
      });
    }
  }
  return result;
}

/** As terminateSessions for one session, its failure thrown (404, 409) rather than reported. */
export async function terminateSession(
  services: GatewayServices,
  id: string,
  options: { wait: boolean },
): Promise<void> {
  const { errors } = await terminateSessions(services, [id], options);
  const error = errors[0];
  if (error) throw new HttpError(error.status_code, error.error_message);
}

async function instanceIdsOf(
  context: ClusterContext,
  sessionIds: readonly string[],
): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await context.db
    .selectFrom("gateway_sessions")
    .select("instance_id")
    .where("id", "in", sessionIds)
    .execute();
  return rows.map((row) => row.instance_id);
}

/**
 * Ends a session on the gateway's own initiative (idle, its ephemeral client gone), as
 * `DELETE /1.0/sessions/{id}` does without waiting; a session that cannot end (its instance
 * protected) is logged with the reason, and stays.
 */
export async function endSessionByGateway(
  services: GatewayServices,
  id: string,
  why: string | undefined,
): Promise<void> {
  const { errors } = await terminateSessions(services, [id], { wait: false, why });
  for (const error of errors) {
    console.warn(`stream gateway: session ${id} not ended: ${error.error_message}`);
  }
}
