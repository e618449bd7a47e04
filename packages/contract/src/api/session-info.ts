import { z } from "zod";

/**
 * `GET /api/info?clusterId=`: what the signed-in user may see and do on one cluster. The web app
 * treats a user as signed in when this answers with a user (a 401 sends it to the login page).
 */
export const sessionInfoSchema = z.object({
  user: z.object({ fullname: z.string(), email: z.string() }),
  /** The cluster's management API (AMS) answers. */
  applications_enabled: z.boolean(),
  /** Sessions can be streamed: for now, the cluster's management API answers. */
  sessions_enabled: z.boolean(),
  /** The cluster is connected to an application registry (`registry.url` is set). */
  registry_enabled: z.boolean(),
  /** The registry synchronises by itself (`registry.mode` is pull or push). */
  registry_automatic: z.boolean(),
  /** The cluster's configuration (`GET /1.0/config`) can be read. */
  config_enabled: z.boolean(),
  dashboard_version: z.string(),
  /** The cluster's `server_version`. */
  ams_version: z.string(),
  /** True until the user has closed the "Important update" modal. */
  has_version_update_modal: z.boolean(),
  ext4_root_volumes_support: z.boolean(),
});

export type SessionInfo = z.infer<typeof sessionInfoSchema>;
