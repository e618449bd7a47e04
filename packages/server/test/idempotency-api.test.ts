// Creating requests sent twice with one Idempotency-Key (a double click, a retry after a lost
// answer) against the real dashboard and its embedded cluster: the second gets the first's answer
// and nothing is made twice; a key reused for another request, a key sent while its first request
// runs, a malformed key are refused with what is wrong; keys belong to a user and a route, and
// expire. Runs on SQLite and on PostgreSQL (scripts/with-postgres.sh).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AmsInstance, InstanceOperationResponse } from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { addUser } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  signedInCookie,
  startSignedIn,
  uniqueName,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { multipartRequest, type MultipartRequestOptions } from "./support/multipart-request.ts";
import {
  claimIdempotencyKey,
  finishIdempotentRequest,
  idempotencyKeyLifetimeMs,
} from "../src/store/idempotency-keys.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const bob = { sub: `bob-${randomUUID()}`, email: "bob@example.com", name: "Bob" };
const instances = "/api/instances?clusterId=default";
let harness: AuthHarness;
let cookie: string;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada));
}, 60_000);

afterAll(async () => {
  await harness.stop();
});

interface Answer {
  status: number;
  text: string;
  replayed: string | null;
}

async function post(path: string, body: unknown, key: string, as = cookie): Promise<Answer> {
  const response = await fetch(`${harness.url}${path}`, {
    method: "POST",
    headers: { cookie: as, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    text: await response.text(),
    replayed: response.headers.get("idempotent-replayed"),
  };
}

async function instanceCount(): Promise<number> {
  const { metadata } = await clusterClient(harness).get<AmsInstance[]>(
    "/1.0/instances?recursion=1",
  );
  return metadata.length;
}

describe("a creating POST sent twice with one Idempotency-Key", () => {
  it("makes one instance and answers the replay with the first answer", async () => {
    const before = await instanceCount();
    const key = randomUUID();
    // No name: the cluster makes one up, so only the key can tell the two apart.
    const first = await post(instances, { no_start: true }, key);
    expect(first.status, first.text).toBe(202);
    const second = await post(instances, { no_start: true }, key);
    expect(second).toEqual({ status: 202, text: first.text, replayed: "true" });
    const operation = (JSON.parse(first.text) as InstanceOperationResponse).metadata;
    await waitForOperation(clusterClient(harness), operation.id);
    expect(await instanceCount()).toBe(before + 1);
  });

  it("replays a refusal too: the first answer, not the cluster's answer to a second create", async () => {
    const name = uniqueName("twice");
    const first = await post(instances, { name, no_start: true }, randomUUID());
    expect(first.status, first.text).toBe(202);
    // A new submission with the same name is the cluster's to refuse...
    const key = randomUUID();
    const taken = await post(instances, { name, no_start: true }, key);
    expect(taken.status, taken.text).toBe(409);
    expect(messageOf(JSON.parse(taken.text))).toBe("An instance with this name already exists");
    // ...and its replay gets that refusal again.
    expect(await post(instances, { name, no_start: true }, key)).toEqual({
      ...taken,
      replayed: "true",
    });
  });

  it("refuses a key reused for another request with 422 naming it", async () => {
    const key = randomUUID();
    const name = uniqueName("first");
    expect((await post(instances, { name, no_start: true }, key)).status).toBe(202);
    const other = await post(instances, { name: uniqueName("other") }, key);
    expect(other.status, other.text).toBe(422);
    expect(messageOf(JSON.parse(other.text))).toBe(
      "This Idempotency-Key was already used for another request to POST /api/instances: use a new key for each submission.",
    );
    // Another query (another cluster) is another request as well.
    const elsewhere = await post("/api/instances?clusterId=second", { name, no_start: true }, key);
    expect(elsewhere.status, elsewhere.text).toBe(422);
  });

  it("keeps keys apart by route and by user", async () => {
    const key = randomUUID();
    expect((await post(instances, { name: uniqueName("r"), no_start: true }, key)).status).toBe(
      202,
    );
    // The same key on another route is that route's own: the node route reads its body.
    const node = await post("/api/nodes?clusterId=default", { name: "" }, key);
    expect(node.status, node.text).toBe(400);
    expect(messageOf(JSON.parse(node.text))).toContain("Invalid node");
    // Another user's same key is theirs.
    await addUser(harness, bob);
    harness.provider.setAccount(bob);
    const bobCookie = await signedInCookie(harness);
    harness.provider.setAccount(ada);
    const theirs = await post(
      instances,
      { name: uniqueName("bob"), no_start: true },
      key,
      bobCookie,
    );
    expect(theirs.status, theirs.text).toBe(202);
    expect(theirs.replayed).toBeNull();
  });

  it("refuses a malformed key with 400 saying what a key is", async () => {
    for (const key of ["short", "x".repeat(129), "has spaces in it, sixteen+"]) {
      const answer = await post(instances, { name: uniqueName("bad") }, key);
      expect(answer.status, key).toBe(400);
      expect(messageOf(JSON.parse(answer.text))).toContain(
        "The Idempotency-Key header must be one random value of 16 to 128 letters",
      );
    }
  });

  it("answers 409 to a replay while the first request is still running", async () => {
    const key = randomUUID();
    const file = new PassThrough();
    const upload = (body: PassThrough | Buffer) =>
      multipartRequest(new URL("/api/images/upload?clusterId=default", harness.url), {
        fields: { name: uniqueName("img"), type: "container" },
        file: body,
        filePart: { field: "package", filename: "image.tar.gz", contentType: "application/gzip" },
        headers: { cookie, "idempotency-key": key },
      });
    // The first upload has sent its fields and the start of its file, and waits for the rest.
    const first = upload(file);
    file.write(Buffer.alloc(1024));
    // Sent again once the first has claimed the key (its row is in the table), not after a guess.
    await expect
      .poll(async () => {
        const row = await harness.db
          .selectFrom("idempotency_keys")
          .select("status")
          .where("key", "=", key)
          .executeTakeFirst();
        return row?.status;
      })
      .toBe(0);
    const replay = await upload(Buffer.alloc(1024));
    expect(replay.status).toBe(409);
    expect(messageOf(replay.body)).toBe(
      "This was sent already and is still being handled: wait for its answer instead of sending it again.",
    );
    file.end();
    const answered = await first;
    // Not an image package: the cluster's refusal, kept for the replays that come after.
    expect(answered.status).toBe(400);
  });
});

describe("an upload cut off mid-file", () => {
  it("frees its key: sent again, the upload runs rather than replaying the cut", async () => {
    const key = randomUUID();
    const upload = (options: Pick<MultipartRequestOptions, "file" | "onSending">) =>
      multipartRequest(new URL("/api/images/upload?clusterId=default", harness.url), {
        fields: { name: uniqueName("cut"), type: "container" },
        filePart: { field: "package", filename: "image.tar.gz", contentType: "application/gzip" },
        headers: { cookie, "idempotency-key": key },
        ...options,
      });
    const file = new PassThrough();
    const cut = upload({
      file,
      onSending: (abort) => {
        setTimeout(abort, 200);
      },
    });
    file.write(Buffer.alloc(1024));
    expect((await cut).status).toBe(0);
    // The server answers the cut request once it notices: then the key is free again. Under
    // CI's load that took over the second a poll waits by default (its answer, as every
    // state-changing request's, is recorded in the audit trail first).
    await expect
      .poll(
        async () => {
          const again = await upload({ file: Buffer.alloc(1024) });
          return again.status === 409 ? "running" : messageOf(again.body);
        },
        { timeout: 10_000 },
      )
      .toContain("Invalid package: it is neither a zip archive nor a tarball");
  });
});

describe("the stored keys", () => {
  it("expire after a day: the key is free again and the old row is gone", async () => {
    const scope = { userId: "someone", route: "POST /api/test", key: randomUUID() };
    const now = Date.now();
    expect(await claimIdempotencyKey(harness.db, scope, "a", now)).toEqual({ kind: "claimed" });
    await finishIdempotentRequest(harness.db, scope, {
      status: 202,
      contentType: "application/json",
      body: "{}",
    });
    expect(await claimIdempotencyKey(harness.db, scope, "a", now + 1000)).toMatchObject({
      kind: "answered",
    });
    const later = now + idempotencyKeyLifetimeMs + 1;
    expect(await claimIdempotencyKey(harness.db, scope, "b", later)).toEqual({ kind: "claimed" });
    const rows = await harness.db
      .selectFrom("idempotency_keys")
      .select("fingerprint")
      .where("user_id", "=", "someone")
      .execute();
    expect(rows).toEqual([{ fingerprint: "b" }]);
  });
});
