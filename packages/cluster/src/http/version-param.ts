import { z } from "zod";
import { maxStoredInteger, maxStoredIntegerMessage } from "@anbox-dashboard/contract";

/**
 * A version number in a path (`/1.0/applications/{id}/{version}`, `/1.0/images/{id}/{version}`):
 * a whole number a database integer holds, which the route then looks for.
 */
export const versionParamSchema = z.coerce
  .number({ message: "must be a version number" })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(maxStoredInteger, maxStoredIntegerMessage);
