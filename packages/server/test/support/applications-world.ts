// The applications API tests' world (applications-api.test.ts, applications-list-api.test.ts):
// a signed-in user on a real dashboard with two embedded clusters, calls to its API, and
// applications uploaded through a cluster's own AMS API, as an operator's client would.
import { afterAll, beforeAll, expect } from "vitest";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import {
  apiErrorSchema,
  type AmsOperation,
  type ApplicationOperationResponse,
  type ApplicationResponse,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./auth-harness.ts";
import { clusterClient, startSignedIn, waitForSuccess } from "./signed-in-harness.ts";
import { storedZip } from "./stored-zip.ts";
import { send, type Answer } from "./http-answer.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
export type ClusterId = "default" | "second";
let harness: AuthHarness;
let cookie: string;

/** Starts the dashboard for the calling test file (its beforeAll and afterAll). */
export function useApplicationsWorld(): { harness: () => AuthHarness } {
  beforeAll(async () => {
    ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
  });
  afterAll(async () => {
    await harness.stop();
  });
  return { harness: () => harness };
}

/** The dashboard's answer: its JSON body, or its text where it is none (a manifest). */
export async function call(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; signedIn?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.signedIn !== false) headers.cookie = cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const answer = await send(`${harness.url}${path}`, method, {
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { ...answer, body: answer.body === undefined ? answer.text : answer.body };
}

export async function expectStatus<T>(answer: Promise<Answer>, status: number): Promise<T> {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body as T;
}

export async function refusal(answer: Promise<Answer>, status: number): Promise<string> {
  return apiErrorSchema.parse(await expectStatus(answer, status)).message;
}

export async function waitOperation(clusterId: ClusterId, id: string): Promise<AmsOperation> {
  return waitForSuccess(clusterClient(harness, clusterId), id);
}

/** A write through the dashboard that answers 202 with an operation, waited for. */
export async function write(method: string, path: string, body?: unknown): Promise<AmsOperation> {
  const answer = await expectStatus<ApplicationOperationResponse>(
    call(method, path, { body }),
    202,
  );
  const clusterId = answer.metadata.clusterId as ClusterId;
  expect(["default", "second"]).toContain(clusterId);
  return waitOperation(clusterId, answer.metadata.id);
}

/** Uploads a package holding only a manifest to a cluster, waits for it; returns the new id. */
export async function upload(
  clusterId: ClusterId,
  name: string,
  options: { tags?: string[]; vm?: boolean } = {},
): Promise<string> {
  const manifest = [
    `name: ${name}`,
    "image: jammy:android15:amd64",
    ...(options.tags === undefined ? [] : [`tags: [${options.tags.join(", ")}]`]),
    "resources:",
    "  cpus: 2",
    "  memory: 3GB",
    "  disk-size: 3GB",
    "",
  ].join("\n");
  const raw = storedZip({ "manifest.yaml": manifest });
  const path = options.vm === true ? "/1.0/applications?vm=true" : "/1.0/applications";
  const started = await new Promise<AmsOperation>((resolve, reject) => {
    const headers = {
      "content-type": "application/octet-stream",
      "content-length": String(raw.length),
    };
    const socketPath = join(harness.dataDir, "clusters", clusterId, "ams.socket");
    const req = httpRequest({ socketPath, method: "POST", path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        // The cluster's refusal in the failure, rather than a wait on no operation.
        if (res.statusCode !== 202) reject(new Error(`upload of ${name}: ${text}`));
        else resolve((JSON.parse(text) as { metadata: AmsOperation }).metadata);
      });
    });
    req.on("error", reject);
    req.end(raw);
  });
  const operation = await waitOperation(clusterId, started.id);
  const url = operation.resources.applications?.[0];
  if (url === undefined) throw new Error(`the upload of ${name} named no application`);
  return url.split("/").pop() ?? url;
}

export async function readApplication(clusterId: ClusterId, id: string) {
  const answer = await expectStatus<ApplicationResponse>(
    call("GET", `/api/applications/${id}?clusterId=${clusterId}`),
    200,
  );
  return answer.metadata;
}

/** Makes an instance of the application on its cluster (its published version). */
export async function instanceOf(clusterId: ClusterId, appId: string): Promise<void> {
  const client = clusterClient(harness, clusterId);
  const started = await client.post<AmsOperation>("/1.0/instances", {
    app_id: appId,
    no_start: true,
  });
  await waitOperation(clusterId, started.metadata.id);
}

export const names = (list: { name: string }[]): string[] => list.map((item) => item.name);
