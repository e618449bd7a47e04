import { z } from "zod";

/** The body of every failed `/api/...` call: the HTTP status and a message a person can act on. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
