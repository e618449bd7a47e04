import { z } from "zod";
import {
  amsApplicationSchema,
  amsApplicationSummarySchema,
  amsOperationSchema,
  type AmsApplication,
  type AmsOperation,
  type ApplicationPatch,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { Readable } from "node:stream";
import { AmsClientError } from "../clusters/ams-client.ts";
import { callCluster, clusterFailure } from "../clusters/cluster-call.ts";
import { callAndRead, callForOperation, readAnswer } from "./ams-answer.ts";

// A cluster's applications (`/1.0/applications`).

const applicationsPath = "/1.0/applications";

/** The cluster's path of an application (by id or name), or of one of its versions. */
function applicationPath(id: string, version?: number): string {
  const path = `${applicationsPath}/${encodeURIComponent(id)}`;
  return version === undefined ? path : `${path}/${String(version)}`;
}

/** Where a package goes: a new application (`vm`: for virtual machines) or a new version. */
export type PackageTarget = { kind: "new"; vm: boolean } | { kind: "version"; id: string };

/**
 * `POST /1.0/applications?vm=` (a new application) or `PATCH /1.0/applications/{id}` (a raw
 * package body is a new version there) with the package as the body, streamed as it comes. No
 * call timeout: a large package takes as long as the network does; `signal` aborts it.
 */
export async function sendApplicationPackage(
  cluster: ClusterHandle,
  target: PackageTarget,
  upload: { body: Readable; maxBytes: number; signal: AbortSignal },
): Promise<AmsOperation> {
  try {
    const answer = await cluster.client.sendStream({
      method: target.kind === "new" ? "POST" : "PATCH",
      path:
        target.kind === "new"
          ? `${applicationsPath}?vm=${String(target.vm)}`
          : applicationPath(target.id),
      ...upload,
    });
    return readAnswer(cluster, "an operation", amsOperationSchema, answer.metadata);
  } catch (error) {
    if (!(error instanceof AmsClientError)) throw error;
    throw clusterFailure(cluster, error);
  }
}

/** `GET /1.0/applications?recursion=1`: every application of the cluster, checked. */
export async function listApplications(cluster: ClusterHandle): Promise<AmsApplication[]> {
  const answer = await callAndRead(
    cluster,
    "a list of applications",
    z.array(amsApplicationSchema),
    (signal) => cluster.client.get(`${applicationsPath}?recursion=1`, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/applications/{id}` (by id or name): one application, checked; 404 when absent. */
export async function readApplication(cluster: ClusterHandle, id: string): Promise<AmsApplication> {
  const answer = await callAndRead(cluster, "an application", amsApplicationSchema, (signal) =>
    cluster.client.get(applicationPath(id), signal),
  );
  return answer.metadata;
}

/**
 * `GET /1.0/applications/{id}/manifest`, or `/{id}/{version}/manifest`: the manifest.yaml of the
 * latest version or of that one, as the text the cluster keeps.
 */
export function readApplicationManifest(
  cluster: ClusterHandle,
  id: string,
  version?: number,
): Promise<string> {
  return callCluster(cluster, (signal) =>
    cluster.client.getText(`${applicationPath(id, version)}/manifest`, signal),
  );
}

/** `PATCH /1.0/applications/{id}`: changes it (a version's fields make a new version). */
export function changeApplication(
  cluster: ClusterHandle,
  id: string,
  change: ApplicationPatch,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.patch(applicationPath(id), change, signal),
  );
}

/** `DELETE /1.0/applications/{id}` (`force`: even one with instances). */
export function deleteApplication(
  cluster: ClusterHandle,
  id: string,
  force: boolean,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(applicationPath(id), { force }, signal),
  );
}

/** `PATCH /1.0/applications/{id}/{version}`: publishes or unpublishes that version. */
export function changeApplicationVersion(
  cluster: ClusterHandle,
  id: string,
  version: number,
  change: { published: boolean },
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.patch(applicationPath(id, version), change, signal),
  );
}

/** `DELETE /1.0/applications/{id}/{version}`: removes that version. */
export function deleteApplicationVersion(
  cluster: ClusterHandle,
  id: string,
  version: number,
  force: boolean,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(applicationPath(id, version), { force }, signal),
  );
}

/** `GET /1.0/applications?recursion=1`, read for what another resource shows of them. */
export async function listApplicationSummaries(
  cluster: ClusterHandle,
): Promise<z.output<typeof amsApplicationSummarySchema>[]> {
  const answer = await callAndRead(
    cluster,
    "a list of applications",
    z.array(amsApplicationSummarySchema),
    (signal) => cluster.client.get(`${applicationsPath}?recursion=1`, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/applications/{id}`, read for what another resource shows of it. */
export async function getApplicationSummary(
  cluster: ClusterHandle,
  id: string,
): Promise<z.output<typeof amsApplicationSummarySchema>> {
  const answer = await callAndRead(
    cluster,
    "an application",
    amsApplicationSummarySchema,
    (signal) => cluster.client.get(applicationPath(id), signal),
  );
  return answer.metadata;
}
