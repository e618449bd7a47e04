import { z } from "zod";
import { viewerRoles } from "../api/stream-viewers.ts";
import { oneOfOr, optional, textOrEmpty } from "../ams/tolerant-fields.ts";
import {
  gatewaySessionStatuses,
  type GatewayJoinResponse,
  type GatewaySession,
  type GatewayShare,
} from "./gateway.ts";

// The stream gateway's answers, checked before the dashboard relies on them (a remote gateway is
// not ours to trust), in a module of their own: the web app imports gateway.ts's types only.

/** A session: its id and status must be there; this gateway's extensions may be missing. */
export const gatewaySessionSchema = z.object({
  id: z.string().min(1),
  app: textOrEmpty,
  // A status a newer gateway knows and this one does not: in error, which nobody joins.
  status: oneOfOr(gatewaySessionStatuses, "error"),
  status_message: textOrEmpty,
  region: textOrEmpty,
  joinable: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  cluster_id: textOrEmpty,
  container_id: textOrEmpty,
  instance_name: optional(z.string()),
  created_at: optional(z.union([z.string(), z.number()])),
  screen: z
    .object({ width: z.number(), height: z.number(), fps: z.number(), density: z.number() })
    .optional(),
}) satisfies z.ZodType<GatewaySession>;

/** A share link: its id (the token), where it leads and until when. */
export const gatewayShareSchema = z.object({
  id: z.string().min(1),
  session_id: z.string().optional(),
  type: textOrEmpty,
  description: z.string().optional(),
  created_at: z.string().optional(),
  expiry_at: z.string(),
  url: textOrEmpty,
}) satisfies z.ZodType<GatewayShare>;

/** A join: the signaling socket's address and the STUN servers to use. */
export const gatewayJoinSchema = z.object({
  url: z.string().min(1),
  stun_servers: z
    .array(
      z.object({
        urls: z.array(z.string()),
        username: z.string().optional(),
        password: z.string().optional(),
      }),
    )
    .nullable()
    .default(null),
  viewer_id: z.string().optional(),
  role: z.enum(viewerRoles).optional(),
}) satisfies z.ZodType<GatewayJoinResponse>;
