import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  providerGroupMappingSchema,
  type ProviderGroupMapping,
  type ProviderGroupsResponse,
} from "@anbox-dashboard/contract";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../../server-context.ts";
import { acts } from "../../auth/route-acts.ts";
import { changeProviderGroupMapping, listProviderGroups } from "../../store/provider-groups.ts";

const nameParams = z.object({ name: z.string() }).describe("path");

/**
 * Identity-provider groups, as LXD's `/1.0/auth/identity-provider-groups`: a group named in the
 * external provider's groups claim (OIDC_GROUPS_CLAIM), mapped to dashboard groups whose
 * permissions its members hold for the sign-in that claimed it. A mapping hands a group's
 * permissions to people the dashboard does not list: only an admin (`admin` on `server`) may
 * read or change them.
 */
export function registerProviderGroupRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const admin = acts.onServer("admin");

  app.get(
    "/api/auth/identity-provider-groups",
    { config: { acts: admin } },
    async (): Promise<ProviderGroupsResponse> => ({
      metadata: await listProviderGroups(context.db),
      // Which claim names them (null: none is read: no external provider, or no OIDC_GROUPS_CLAIM).
      groups_claim: context.idp.groupsClaim ?? null,
    }),
  );

  // The groups it maps to, replaced as a whole; none removes the mapping.
  app.put(
    "/api/auth/identity-provider-groups/:name",
    {
      schema: {
        params: nameParams,
        body: providerGroupMappingSchema.describe("identity-provider group"),
      },
      config: { acts: admin },
    },
    async (request): Promise<{ metadata: ProviderGroupMapping }> => {
      const { name } = request.params;
      const groups = await changeProviderGroupMapping(context.db, name, "set", request.body.groups);
      return { metadata: { name, groups } };
    },
  );

  app.delete(
    "/api/auth/identity-provider-groups/:name",
    { schema: { params: nameParams }, config: { acts: admin } },
    async (request, reply) => {
      await changeProviderGroupMapping(context.db, request.params.name, "set", []);
      return reply.code(204).send();
    },
  );
}
