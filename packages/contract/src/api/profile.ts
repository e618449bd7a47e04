import { z } from "zod";

/** One of the signed-in user's live browser sessions. */
export const profileSessionSchema = z.object({
  /** A short, stable handle for the session (not its cookie value, not a secret). */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  address: z.string(),
  userAgent: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type ProfileSession = z.infer<typeof profileSessionSchema>;

/** `GET /api/profile`. */
export const profileSchema = z.object({
  fullname: z.string(),
  email: z.string(),
  identityProvider: z.object({ issuer: z.string(), external: z.boolean() }),
  sessions: z.array(profileSessionSchema),
});
export type Profile = z.infer<typeof profileSchema>;

/** `DELETE /api/profile/sessions`: every other session of the user ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
