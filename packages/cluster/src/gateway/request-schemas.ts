// What the gateway's requests may hold (GW-OAS `SessionPost`, `SessionJoinPost`, `SessionSharePost`,
// list parameters). Unknown fields are ignored, as the gateway (Go) does; a bad field is a 400 that
// names it (http/validate.ts).
import { z } from "zod";
import {
  gatewaySessionStatuses,
  joinRoles,
  requestedVersionSchema,
  type GatewaySessionStatus,
} from "@anbox-dashboard/contract";
import { sessionSortKeys } from "./session-store.ts";

const whole = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

/** The largest screen a session may have: 4K, either way round (GW-OAS `Screen`). */
export const maxScreen = { long: 3840, short: 2160 } as const;

const screenFields = {
  width: whole("width", 1, maxScreen.long),
  height: whole("height", 1, maxScreen.long),
  fps: whole("fps", 1, 240),
  density: whole("density", 72, 1000),
};

function withinFourK(screen: { width?: number | undefined; height?: number | undefined }): boolean {
  const { width, height } = screen;
  if (width === undefined || height === undefined) return true;
  return Math.min(width, height) <= maxScreen.short;
}
const fourKMessage = `the screen must be at most ${maxScreen.long}x${maxScreen.short} (4K)`;

/** A screen where every field may be left out (the SDK's join sends only width and height). */
export const screenSchema = z
  .object({
    width: screenFields.width.optional(),
    height: screenFields.height.optional(),
    fps: screenFields.fps.optional(),
    density: screenFields.density.optional(),
  })
  .loose()
  .refine(withinFourK, fourKMessage);

/** `POST /1.0/sessions`. */
export const sessionPostSchema = z
  .object({
    app: z
      .string({ message: "must name an application" })
      .min(1, "must name an application")
      .max(255, "must be at most 255 characters"),
    app_version: requestedVersionSchema.optional(),
    region: z.string().max(64, "must be at most 64 characters").optional(),
    joinable: z.boolean({ message: "must be true or false" }).optional(),
    ephemeral: z.boolean({ message: "must be true or false" }).optional(),
    idle_time_min: whole("idle_time_min", 0, 7 * 24 * 60).optional(),
    // A string in GW-OAS; the SDK sends parsed JSON. It reaches the instance as its user data.
    extra_data: z.unknown().optional(),
    screen: screenSchema.optional(),
  })
  .loose();
export type SessionPost = z.infer<typeof sessionPostSchema>;

/** `POST /1.0/sessions/{id}/join` and `POST /1.0/shares/{id}/join`. */
export const sessionJoinSchema = z
  .object({
    screen: screenSchema.optional(),
    // Deprecated and ignored by the gateway (reference 3.2): a new client always takes over.
    disconnect_clients: z.unknown().optional(),
    // Extension session_viewers: take control (the default, as a new client always did), watch,
    // or take control only when nobody has it.
    role: z.enum(joinRoles, { message: `must be one of ${joinRoles.join(", ")}` }).optional(),
  })
  .loose();

const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const expiryMessage =
  "must be an RFC 3339 time (e.g. 2030-01-31T12:00:00Z) or a Unix time in seconds";

/**
 * An expiry time: RFC 3339 text, or (as GW-OAS has it) a Unix timestamp in seconds. Whether it is
 * in the future and near enough is checked against the clock by the route.
 */
const expirySchema = z
  .union([z.string(), z.number()], { message: expiryMessage })
  .transform((value, context) => {
    const valid =
      typeof value === "string" ? rfc3339.test(value) : Number.isInteger(value) && value > 0;
    const date = new Date(typeof value === "string" ? value : value * 1000);
    if (!valid || Number.isNaN(date.getTime())) {
      context.addIssue({ code: "custom", message: expiryMessage });
      return z.NEVER;
    }
    return date;
  });

/** `watch` (an extension): a stream share whose viewers only watch. */
export const shareTypes = ["stream", "watch", "adb"] as const;

const descriptionSchema = z
  .string({ message: "must be text" })
  .max(200, "must be at most 200 characters");

/** `POST /1.0/sessions/{id}/share`. */
export const sharePostSchema = z
  .object({
    type: z.enum(shareTypes, { message: `must be one of ${shareTypes.join(", ")}` }).optional(),
    description: descriptionSchema.optional(),
    expiry_at: expirySchema,
  })
  .loose();

/** `PATCH /1.0/shares/{id}`: a later expiry, a new description, or both. */
export const sharePatchSchema = z
  .object({
    description: descriptionSchema.optional(),
    expiry_at: expirySchema.optional(),
  })
  .loose()
  .refine(
    (patch) => patch.description !== undefined || patch.expiry_at !== undefined,
    "Nothing to change: give expiry_at, description or both",
  );

// Repeated query parameters arrive as arrays; both forms mean a comma-separated list.
const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value.join(",") : value)
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  )
  .refine(
    (items) => items.every((item) => (gatewaySessionStatuses as readonly string[]).includes(item)),
    `must be one or more of ${gatewaySessionStatuses.join(", ")}`,
  )
  .transform((items) => items as GatewaySessionStatus[]);

/** The filter and sort of `GET /1.0/sessions` (paging and recursion: http/list-query.ts). */
export const sessionListFiltersSchema = z
  .object({
    status: statusList.optional(),
    sort_by: z
      .enum(sessionSortKeys, { message: `must be one of ${sessionSortKeys.join(", ")}` })
      .optional(),
    sort_order: z.enum(["asc", "desc"], { message: "must be asc or desc" }).optional(),
  })
  .loose();

/** The filter of `GET /1.0/shares`. */
export const shareListFiltersSchema = z
  .object({ session_id: z.string().max(64, "must be a session id").optional() })
  .loose();
