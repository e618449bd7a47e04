// The largest whole number the databases' `integer` columns hold, shared by every input that is
// stored in one or compared with one (versions, resources). PostgreSQL's `integer` is 32-bit: a
// larger number in a query fails it (which answered 500), where SQLite would have taken it.
import { z } from "zod";

export const maxStoredInteger = 2_147_483_647;

export const maxStoredIntegerMessage = `must be at most ${String(maxStoredInteger)}`;

/** A version asked for by number in a request (`app_version`, `image_version`; -1: the latest). */
export const requestedVersionSchema = z
  .number()
  .int("must be a whole number")
  .min(-1)
  .max(maxStoredInteger, maxStoredIntegerMessage);
