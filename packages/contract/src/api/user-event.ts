import { z } from "zod";

export { versionUpdateModalClosedEvent } from "../constants/user-events.ts";

/** Event names and types: short, lower-case words joined by `-`, `.` or `_`. */
const eventWord = z
  .string({ message: "must be a string" })
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[a-z0-9][a-z0-9._-]*$/, "must be lower-case letters, digits, '.', '-' or '_'");

/** `POST /api/user-events`: something the user did that the dashboard remembers for them. */
export const userEventSchema = z.strictObject({ event: eventWord, eventType: eventWord });
export type UserEvent = z.infer<typeof userEventSchema>;
