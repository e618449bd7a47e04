import type { FastifyInstance } from "fastify";
import {
  configKeyDefinition,
  configPatchSchema,
  resolveConfigKey,
  type AmsConfig,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { sendOperation } from "../../http/async-response.ts";
import { readAllSettings } from "../../settings/read-setting.ts";
import {
  configUpdateKind,
  registerConfigOperations,
  type ConfigUpdatePayload,
} from "../../settings/config-operations.ts";

/** `GET /1.0/config` (every key with its value or default) and `PATCH /1.0/config` (one key). */
export function registerConfigRoutes(app: FastifyInstance, context: ClusterContext): void {
  registerConfigOperations(context);

  app.get("/1.0/config", async () => {
    const config: AmsConfig = { config: await readAllSettings(context.db) };
    return syncResponse(config);
  });

  app.patch("/1.0/config", async (request, reply) => {
    const { name, value } = parseInput(configPatchSchema, request.body, "configuration change");
    const key = resolveConfigKey(name);
    if (key === undefined) throw new HttpError(400, `unknown configuration key '${name}'`);
    // Checked here so that a bad value is a 400 now, not a failed operation later.
    const parsed = configKeyDefinition(key).parse(value);
    if (!parsed.ok) {
      throw new HttpError(400, `Invalid value for configuration key '${key}': ${parsed.problem}`);
    }
    const operation = await context.operations.start<ConfigUpdatePayload>({
      kind: configUpdateKind,
      description: "Updating configuration",
      resources: {},
      payload: { key, value: parsed.value },
    });
    return sendOperation(reply, operation);
  });
}
