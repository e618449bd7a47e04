import type { FastifyRequest } from "fastify";
import type {
  AmsOperation,
  ClusterResourceKind,
  ResourceName,
  ResourceOwner,
} from "@anbox-dashboard/contract";
import { operationTargetId } from "../ams/resource-paths.ts";
import type { Database } from "../store/database.ts";
import { ownerOf, recordOwner } from "../store/resource-owners.ts";
import { findUserById } from "../store/users.ts";
import { signedInUser } from "./signed-in-user.ts";
import { noteAudit } from "../audit/audit-note.ts";

/**
 * Records the signed-in user as the owner of what their request made on a cluster (what they make
 * they may view, change, delete, stream, share, read the logs of and open a shell in). Called once
 * the cluster answered with the new resource's id, before the route answers: an owner is never
 * missing from what the user was told was made.
 */
export async function recordCreator(
  db: Database,
  request: FastifyRequest,
  kind: ClusterResourceKind,
  clusterId: string,
  id: string | undefined,
): Promise<void> {
  if (id === undefined) return;
  const resource: ResourceName = `${kind}:${clusterId}/${id}`;
  // Its audit entry names what was made, not only the cluster it was made on.
  noteAudit(request, { resource });
  await recordOwner(db, resource, signedInUser(request).id);
}

/** As `recordCreator`, for what a cluster's operation makes: its id read from the operation. */
export function recordOperationCreator(
  db: Database,
  request: FastifyRequest,
  kind: ClusterResourceKind,
  clusterId: string,
  operation: AmsOperation,
): Promise<void> {
  return recordCreator(db, request, kind, clusterId, operationTargetId(operation, kind));
}

/** Who owns `resource`, as its page shows them: null when no one made it through the dashboard. */
export async function ownerShown(db: Database, resource: ResourceName): Promise<ResourceOwner> {
  const ownerId = await ownerOf(db, resource);
  const owner = ownerId === undefined ? undefined : await findUserById(db, ownerId);
  return owner === undefined ? null : { name: owner.fullname, email: owner.email };
}
