import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import type { Database } from "../store/database.ts";

/**
 * oidc-provider's storage (sessions, interactions, codes, tokens, grants) in the `idp_payloads`
 * table: one row per model and id, the payload as JSON, plus the columns the provider looks rows
 * up by. Plain Kysely, so the same code runs on SQLite and PostgreSQL. Times are ISO-8601 UTC
 * text like the rest of the schema; an empty `expires_at` never expires, an empty `consumed_at`
 * is not consumed.
 */

const cleanupIntervalMs = 60_000;

export interface PayloadAdapterOptions {
  now?: () => Date;
}

/** The factory oidc-provider calls once per model name ("Session", "AuthorizationCode", …). */
export function payloadAdapterFactory(
  db: Database,
  { now = () => new Date() }: PayloadAdapterOptions = {},
): AdapterFactory {
  let lastCleanup = 0;

  // Expired rows are never returned; removing them now and then keeps the table small.
  async function removeExpired(): Promise<void> {
    const at = now();
    if (at.getTime() - lastCleanup < cleanupIntervalMs) return;
    lastCleanup = at.getTime();
    await db
      .deleteFrom("idp_payloads")
      .where("expires_at", "!=", "")
      .where("expires_at", "<=", at.toISOString())
      .execute();
  }

  return (model: string): Adapter => {
    async function findWhere(
      column: "id" | "uid" | "user_code",
      value: string,
    ): Promise<AdapterPayload | undefined> {
      if (value === "") return undefined;
      const row = await db
        .selectFrom("idp_payloads")
        .select(["payload", "consumed_at"])
        .where("model", "=", model)
        .where(column, "=", value)
        .where((eb) =>
          eb.or([eb("expires_at", "=", ""), eb("expires_at", ">", now().toISOString())]),
        )
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      if (row.consumed_at === "") return payload;
      // The provider reads `consumed` (seconds since the epoch) to refuse a code used twice.
      return { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) };
    }

    return {
      async upsert(id, payload, expiresIn) {
        await removeExpired();
        const expiresAt =
          expiresIn === undefined ? "" : new Date(now().getTime() + expiresIn * 1000).toISOString();
        const columns = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? "",
          user_code: payload.userCode ?? "",
          uid: payload.uid ?? "",
          expires_at: expiresAt,
          consumed_at: "",
        };
        await db
          .insertInto("idp_payloads")
          .values({ model, id, ...columns })
          .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet(columns))
          .execute();
      },

      find: (id) => findWhere("id", id),
      findByUid: (uid) => findWhere("uid", uid),
      findByUserCode: (userCode) => findWhere("user_code", userCode),

      async consume(id) {
        await db
          .updateTable("idp_payloads")
          .set({ consumed_at: now().toISOString() })
          .where("model", "=", model)
          .where("id", "=", id)
          .execute();
      },

      async destroy(id) {
        await db
          .deleteFrom("idp_payloads")
          .where("model", "=", model)
          .where("id", "=", id)
          .execute();
      },

      // Called for each token model when a grant is revoked (logout, a code used twice, …).
      async revokeByGrantId(grantId) {
        if (grantId === "") return;
        await db
          .deleteFrom("idp_payloads")
          .where("model", "=", model)
          .where("grant_id", "=", grantId)
          .execute();
      },
    };
  };
}
