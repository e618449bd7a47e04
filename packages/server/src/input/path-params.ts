import { z } from "zod";

/** A route's `:id` (an instance, an application, an image: by id, or by name where it may be). */
export const idParams = z.object({ id: z.string().min(1) }).describe("path");
