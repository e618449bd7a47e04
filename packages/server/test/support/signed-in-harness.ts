// What most API tests start with: a dashboard with one account signed in (its session cookie), a
// client for an embedded cluster's own AMS API, and the small helpers their checks share.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { expect } from "vitest";
import { apiErrorSchema, type AmsOperation } from "@anbox-dashboard/contract";
import { sessionCookieName } from "../../src/auth/session-cookie.ts";
import { AmsClient } from "../../src/clusters/ams-client.ts";
import { addUser, signIn, startAuthHarness, type AuthHarness } from "./auth-harness.ts";
import type { TestOidcAccount } from "./test-oidc-provider.ts";

export interface SignedInHarness {
  harness: AuthHarness;
  /** The `Cookie` header value of the account's session. */
  cookie: string;
}

/** Starts a dashboard (with `env`), makes `account` a user of it and signs it in. */
export async function startSignedIn(
  account: TestOidcAccount,
  env: Record<string, string> = {},
): Promise<SignedInHarness> {
  const harness = await startAuthHarness(account, env);
  try {
    await addUser(harness, account);
    return { harness, cookie: await signedInCookie(harness) };
  } catch (error) {
    // The caller never gets the harness to stop: stop it here.
    await harness.stop();
    throw error;
  }
}

/** Signs the provider's account in once more; the new session's `Cookie` header value. */
export async function signedInCookie(harness: AuthHarness): Promise<string> {
  const { session } = await signIn(harness);
  if (session === undefined) throw new Error("sign-in failed");
  return `${sessionCookieName}=${session}`;
}

/** A client for an embedded cluster's own AMS API, past the dashboard. */
export function clusterClient(harness: AuthHarness, id = "default"): AmsClient {
  return new AmsClient(join(harness.dataDir, "clusters", id, "ams.socket"));
}

/** The message of an API error body (fails the test when the body is not one). */
export function messageOf(body: unknown): string {
  return apiErrorSchema.parse(body).message;
}

/** A name no other test (or earlier run on the same cluster) has taken. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** Waits on the cluster's side until operation `id` has ended; the ended operation. */
export async function waitForOperation(
  client: AmsClient,
  id: string,
  timeoutSeconds = 30,
): Promise<AmsOperation> {
  const { metadata } = await client.get<AmsOperation>(
    `/1.0/operations/${id}/wait?timeout=${timeoutSeconds}`,
  );
  return metadata;
}

/** As waitForOperation, and checks that the operation succeeded (its error as the message). */
export async function waitForSuccess(client: AmsClient, id: string): Promise<AmsOperation> {
  const operation = await waitForOperation(client, id);
  expect(operation.status, operation.err).toBe("Success");
  return operation;
}

/**
 * Calls the dashboard's API as the browser holding `cookie` would (same origin): the status and
 * the JSON body (undefined when empty).
 */
export async function callApi(
  harness: Pick<AuthHarness, "url">,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: harness.url,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}
