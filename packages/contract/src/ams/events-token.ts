import { z } from "zod";
import type { AmsEventsToken } from "./exec.ts";

/** `POST /1.0/events/auth`, read: a short-lived token for `GET /1.0/events?secret=<token>`. */
export const amsEventsTokenSchema = z.object({
  token: z.string().min(1),
}) satisfies z.ZodType<AmsEventsToken>;
