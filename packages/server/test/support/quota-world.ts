// What the quota suites (quotas.test.ts, quota-streams.test.ts) share: a dashboard with its admin
// signed in, groups made for a test with a member, and the admin's hand on their limits.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { GroupLimit, GroupQuota } from "@anbox-dashboard/contract";
import type { AuthHarness } from "./auth-harness.ts";
import { signInDirectly } from "./sign-in-directly.ts";
import { callApi, startSignedIn, uniqueName } from "./signed-in-harness.ts";
import { createGroup, replaceGroup } from "../../src/store/authorization-groups.ts";

export interface QuotaWorld {
  harness: AuthHarness;
  /** The admin's cookie. */
  admin: string;
  /** A new group whose members may create instances and stream on the cluster; a member's cookie. */
  newTeam(): Promise<{ group: string; member: string }>;
  /** The admin sets a group's limits, as a whole. */
  setLimits(group: string, limits: GroupLimit[]): Promise<void>;
  /** `GET /api/quotas` as the holder of `cookie`. */
  quotasOf(cookie: string): Promise<GroupQuota[]>;
  stop(): Promise<void>;
}

/** Starts the dashboard (instances booting fast) with an admin signed in. */
export async function startQuotaWorld(): Promise<QuotaWorld> {
  const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
  const { harness, cookie: admin } = await startSignedIn(ada);
  return {
    harness,
    admin,
    async newTeam() {
      const group = uniqueName("team");
      await createGroup(harness.db, group, "");
      await replaceGroup(harness.db, group, {
        description: "",
        permissions: [
          { entitlement: "can_create_instances", resource: "cluster:default" },
          { entitlement: "can_view", resource: "cluster:default" },
          { entitlement: "can_stream", resource: "cluster:default" },
        ],
      });
      return { group, member: await signInDirectly(harness.db, [group]) };
    },
    async setLimits(group, limits) {
      const read = await callApi(harness, admin, "GET", `/api/auth/groups/${group}`);
      const { permissions } = (read.body as { metadata: { permissions: unknown[] } }).metadata;
      const put = await callApi(harness, admin, "PUT", `/api/auth/groups/${group}`, {
        permissions,
        limits,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    },
    async quotasOf(cookie) {
      const answer = await callApi(harness, cookie, "GET", "/api/quotas");
      expect(answer.status).toBe(200);
      return (answer.body as { metadata: GroupQuota[] }).metadata;
    },
    async stop() {
      await harness.stop();
      if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
      else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
    },
  };
}
