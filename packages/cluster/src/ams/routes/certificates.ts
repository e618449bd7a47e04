import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { sendOperation } from "../../http/async-response.ts";
import { parseCertificate } from "../../access/certificate-fingerprint.ts";
import { textOf } from "@anbox-dashboard/http-kit";

const postSchema = z.strictObject({
  certificate: z
    .string({ message: "must be the certificate, base64 DER or PEM" })
    .min(1, "is empty"),
  name: z.string().max(255, "must be at most 255 characters").optional(),
  "trust-password": z.string().optional(),
});

const fingerprintSchema = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, "is not a SHA-256 fingerprint (64 hex digits)"),
});

interface AddCertificate {
  fingerprint: string;
  certificate: string;
  name: string;
}

/**
 * The trust store of clients allowed over TCP (`/1.0/certificates`). Only trusted callers reach
 * these routes: the owner of the Unix socket, or a client whose certificate is already trusted.
 */
export function registerCertificatesRoutes(app: FastifyInstance, context: ClusterContext): void {
  const { db, operations } = context;

  operations.registerKind<AddCertificate>("certificate-add", {
    onRestart: "resume",
    run: async ({ fingerprint, certificate, name }) => {
      const now = Math.floor(Date.now() / 1000);
      await db
        .insertInto("certificates")
        .values({ fingerprint, certificate, name, created_at: now })
        .onConflict((oc) => oc.column("fingerprint").doNothing())
        .execute();
      return null;
    },
  });
  operations.registerKind<{ fingerprint: string }>("certificate-delete", {
    onRestart: "resume",
    run: async ({ fingerprint }) => {
      await db.deleteFrom("certificates").where("fingerprint", "=", fingerprint).execute();
      return null;
    },
  });

  app.get("/1.0/certificates", async (request) => {
    const recursion = textOf(request.query, "recursion");
    const rows = await db.selectFrom("certificates").selectAll().orderBy("fingerprint").execute();
    const metadata =
      recursion === "1"
        ? rows.map((row) => ({
            fingerprint: row.fingerprint,
            certificate: row.certificate,
            name: row.name,
          }))
        : rows.map((row) => `/1.0/certificates/${row.fingerprint}`);
    return syncResponse(metadata, rows.length);
  });

  app.get("/1.0/certificates/:fingerprint", async (request) => {
    const { fingerprint } = parseInput(
      fingerprintSchema,
      request.params,
      "certificate fingerprint",
    );
    const row = await db
      .selectFrom("certificates")
      .selectAll()
      .where("fingerprint", "=", fingerprint)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `Certificate ${fingerprint} not found`);
    return syncResponse({
      fingerprint: row.fingerprint,
      certificate: row.certificate,
      name: row.name,
    });
  });

  app.post("/1.0/certificates", async (request, reply) => {
    const body = parseInput(postSchema, request.body, "certificate");
    const parsed = parseCertificate(body.certificate);
    if (!parsed)
      throw new HttpError(400, "Invalid certificate: not a base64 DER or PEM X.509 certificate");
    const existing = await db
      .selectFrom("certificates")
      .select("fingerprint")
      .where("fingerprint", "=", parsed.fingerprint)
      .executeTakeFirst();
    if (existing) throw new HttpError(409, `Certificate ${parsed.fingerprint} is already trusted`);
    const operation = await operations.start<AddCertificate>({
      kind: "certificate-add",
      description: "Adding certificate",
      resources: { certificates: [`/1.0/certificates/${parsed.fingerprint}`] },
      payload: {
        fingerprint: parsed.fingerprint,
        certificate: parsed.der.toString("base64"),
        name: body.name ?? "",
      },
    });
    return sendOperation(reply, operation);
  });

  app.delete("/1.0/certificates/:fingerprint", async (request, reply) => {
    const { fingerprint } = parseInput(
      fingerprintSchema,
      request.params,
      "certificate fingerprint",
    );
    const row = await db
      .selectFrom("certificates")
      .select("fingerprint")
      .where("fingerprint", "=", fingerprint)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `Certificate ${fingerprint} not found`);
    const operation = await operations.start({
      kind: "certificate-delete",
      description: "Deleting certificate",
      resources: { certificates: [`/1.0/certificates/${fingerprint}`] },
      payload: { fingerprint },
    });
    return sendOperation(reply, operation);
  });
}
