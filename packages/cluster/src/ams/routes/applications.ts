import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  type AmsOperation,
  applicationDeleteSchema,
  applicationPatchSchema,
  applicationsDeleteSchema,
  applicationVersionPatchSchema,
  jsonNestingMessage,
  jsonNestsDeeperThan,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import type { ApplicationsTable } from "../../store/schema.ts";
import { errorResponse, syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { versionParamSchema } from "../../http/version-param.ts";
import { parseListQuery } from "../../http/list-query.ts";
import { checkIfMatch, etagOf, setEtag } from "../../http/etag.ts";
import { sendOperation } from "../../http/async-response.ts";
import { packageLimits } from "../../applications/package-limits.ts";
import {
  readApplicationPackage,
  type ApplicationPackage,
} from "../../applications/read-package.ts";
import {
  isUploadStream,
  passUploadsThrough,
  receiveUpload,
  type ReceivedUpload,
} from "../../http/receive-upload.ts";
import {
  findApplication,
  findVersion,
  latestVersion,
  listVersions,
  toApplication,
  toApplicationVersion,
} from "../../applications/application-store.ts";
import { listApplications } from "../../applications/list-applications.ts";
import { addApplicationVersion, createApplication } from "../../applications/create-version.ts";
import {
  patchApplication,
  registerApplicationUpdateOperation,
} from "../../applications/patch-application.ts";
import {
  deleteApplications,
  deleteApplicationVersion,
  publishApplicationVersion,
  registerApplicationRemovalOperations,
} from "../../applications/remove-application.ts";
import { registerBootstrapOperation } from "../../applications/bootstrap.ts";

/** As the server's JSON limit (ams/server.ts, not imported: it imports this file). */
const jsonBodyLimit = 1024 * 1024;

const vmQuerySchema = z.looseObject({
  vm: z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).optional(),
});
const idParamsSchema = z.object({ id: z.string().min(1) });
const versionParamsSchema = z.object({
  id: z.string().min(1),
  version: versionParamSchema,
});

async function requireApplication(
  context: ClusterContext,
  params: unknown,
): Promise<ApplicationsTable> {
  const { id } = parseInput(idParamsSchema, params, "application id");
  const application = await findApplication(context.db, id);
  if (!application) throw new HttpError(404, `Application ${id} not found`);
  return application;
}

/**
 * Receives a request's package into a temporary file (see `receiveUpload`), reads and checks it
 * streamed from there, and hands both to `use`. The file is removed when anything fails; once
 * `use` has kept it (moved it to the application's directory), it is the bootstrap's.
 */
async function withPackage(
  context: ClusterContext,
  request: FastifyRequest,
  maxBytes: number,
  use: (upload: ReceivedUpload, pkg: ApplicationPackage) => Promise<AmsOperation>,
): Promise<AmsOperation> {
  const upload = await receiveUpload(request, {
    dataDir: context.options.dataDir,
    maxBytes,
    what: "package",
  });
  try {
    return await use(upload, await readApplicationPackage(upload.path));
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** The AMS applications API (reference 2.4). Registers its operation kinds too. */
export function registerApplicationsRoutes(app: FastifyInstance, context: ClusterContext): void {
  registerBootstrapOperation(context);
  registerApplicationUpdateOperation(context);
  registerApplicationRemovalOperations(context);
  // Read once: tests lower the limit for the clusters they start.
  const maxUploadBytes = packageLimits.maxUploadBytes;
  // An encapsulated plugin, so that uploads pass through unbuffered on these routes only.
  void app.register((scoped, _options, done) => {
    passUploadsThrough(scoped);
    // AMS clients send DELETE with a JSON content type and often no body ({force} is optional).
    scoped.removeContentTypeParser("application/json");
    scoped.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: jsonBodyLimit },
      (_request, body, done) => {
        const text = typeof body === "string" ? body : body.toString("utf8");
        if (text.trim() === "") {
          done(null, undefined);
          return;
        }
        if (jsonNestsDeeperThan(text)) {
          done(new HttpError(400, jsonNestingMessage), undefined);
          return;
        }
        try {
          done(null, JSON.parse(text) as unknown);
        } catch {
          done(new HttpError(400, "The request body is not valid JSON"), undefined);
        }
      },
    );
    // A child error handler replaces the server's one (rethrowing does not reach it), so this
    // one answers envelopes the same way, with a clearer message for a too large upload.
    scoped.setErrorHandler((error, _request, reply) => {
      const code = (error as { code?: string }).code;
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send(errorResponse(error.statusCode, error.message));
      }
      if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        const message = `The request body is larger than ${jsonBodyLimit} bytes`;
        return reply.code(413).send(errorResponse(413, message));
      }
      if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
        const message = error instanceof Error ? error.message : "Bad request";
        return reply.code(statusCode).send(errorResponse(statusCode, message));
      }
      scoped.log.error(error);
      return reply.code(500).send(errorResponse(500, "Internal error"));
    });
    registerRoutes(scoped, context, maxUploadBytes);
    done();
  });
}

function registerRoutes(
  app: FastifyInstance,
  context: ClusterContext,
  maxUploadBytes: number,
): void {
  const { db } = context;

  app.get("/1.0/applications", async (request) => {
    const paging = parseListQuery(request.query);
    const { items, total } = await listApplications(db, request.query, paging);
    return syncResponse(items, total);
  });

  app.post("/1.0/applications", async (request, reply) => {
    const { vm } = parseInput(vmQuerySchema, request.query, "parameters");
    const operation = await withPackage(context, request, maxUploadBytes, (upload, pkg) =>
      createApplication(context, pkg, upload, vm === "true" || vm === "1"),
    );
    return sendOperation(reply, operation);
  });

  app.delete("/1.0/applications", async (request, reply) => {
    const { ids, force } = parseInput(applicationsDeleteSchema, request.body ?? {}, "request");
    const applications: ApplicationsTable[] = [];
    for (const id of new Set(ids)) {
      const application = await findApplication(db, id);
      if (!application) throw new HttpError(404, `Application ${id} not found`);
      if (!applications.some((known) => known.id === application.id))
        applications.push(application);
    }
    return sendOperation(reply, await deleteApplications(context, applications, force === true));
  });

  app.get("/1.0/applications/:id", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const versions = await listVersions(db, [application.id]);
    setEtag(reply, etagOf("application", application.id, application.revision));
    return syncResponse(toApplication(application, versions.get(application.id) ?? []));
  });

  // With a raw body: a new package, i.e. a new version. With JSON: the same as the trailing-slash form.
  app.patch("/1.0/applications/:id", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    checkIfMatch(request, etagOf("application", application.id, application.revision));
    if (!isUploadStream(request.body)) {
      const patch = parseInput(applicationPatchSchema, request.body ?? {}, "application update");
      return sendOperation(reply, await patchApplication(context, application, patch));
    }
    const operation = await withPackage(context, request, maxUploadBytes, (upload, pkg) =>
      addApplicationVersion(
        context,
        application,
        pkg.manifest,
        pkg.manifestText,
        { type: "upload" },
        upload,
      ),
    );
    return sendOperation(reply, operation);
  });

  app.patch("/1.0/applications/:id/", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    checkIfMatch(request, etagOf("application", application.id, application.revision));
    const patch = parseInput(applicationPatchSchema, request.body ?? {}, "application update");
    return sendOperation(reply, await patchApplication(context, application, patch));
  });

  app.delete("/1.0/applications/:id", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const { force } = parseInput(applicationDeleteSchema, request.body ?? {}, "request");
    return sendOperation(reply, await deleteApplications(context, [application], force === true));
  });

  app.get("/1.0/applications/:id/manifest", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const latest = await latestVersion(db, application.id);
    if (!latest) throw new HttpError(404, `Application ${application.name} has no version`);
    return sendManifest(reply, latest.manifest_text);
  });

  app.get("/1.0/applications/:id/:version", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const { version } = parseInput(versionParamsSchema, request.params, "application version");
    const row = await findVersion(db, application.id, version);
    if (!row) throw new HttpError(404, `Application ${application.name} has no version ${version}`);
    void reply.header("x-ams-manifestsha256", sha256(row.manifest_text));
    return syncResponse(toApplicationVersion(row));
  });

  app.patch("/1.0/applications/:id/:version", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const { version } = parseInput(versionParamsSchema, request.params, "application version");
    const { published } = parseInput(applicationVersionPatchSchema, request.body ?? {}, "request");
    return sendOperation(
      reply,
      await publishApplicationVersion(context, application, version, published),
    );
  });

  app.delete("/1.0/applications/:id/:version", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const { version } = parseInput(versionParamsSchema, request.params, "application version");
    const { force } = parseInput(applicationDeleteSchema, request.body ?? {}, "request");
    return sendOperation(
      reply,
      await deleteApplicationVersion(context, application, version, force === true),
    );
  });

  app.get("/1.0/applications/:id/:version/manifest", async (request, reply) => {
    const application = await requireApplication(context, request.params);
    const { version } = parseInput(versionParamsSchema, request.params, "application version");
    const row = await findVersion(db, application.id, version);
    if (!row) throw new HttpError(404, `Application ${application.name} has no version ${version}`);
    return sendManifest(reply, row.manifest_text);
  });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sendManifest(reply: FastifyReply, text: string): FastifyReply {
  return reply
    .header("content-type", "application/octet-stream")
    .header("content-disposition", 'attachment; filename="manifest.yaml"')
    .header("x-ams-manifestsha256", sha256(text))
    .send(text);
}
