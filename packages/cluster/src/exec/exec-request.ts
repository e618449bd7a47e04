import { z } from "zod";

const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const noNul = (value: string): boolean => !value.includes("\0");

const sizeSchema = z
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(1000, "must be at most 1000");

/** Body of `POST /1.0/instances/{id}/exec` (LXD's `InstanceExecPost`, the fields AMS uses). */
export const execRequestSchema = z
  .object({
    command: z
      .array(
        z.string({ message: "must be a string" }).refine(noNul, "must not contain a NUL byte"),
        { message: 'must be a list of strings, e.g. ["/bin/sh"]' },
      )
      .min(1, 'must name a program, e.g. ["/bin/sh"]')
      .max(1024, "must have at most 1024 arguments")
      .refine((command) => command[0] !== "", "must start with a program, not an empty string"),
    environment: z
      .record(
        z.string().regex(envNamePattern, "names letters, digits and underscores"),
        z.string({ message: "must be a string" }).refine(noNul, "must not contain a NUL byte"),
        { message: "must be an object of name → value strings" },
      )
      .refine((env) => Object.keys(env).length <= 256, "must have at most 256 variables")
      .optional(),
    interactive: z.boolean({ message: "must be true or false" }).optional(),
    width: sizeSchema.optional(),
    height: sizeSchema.optional(),
    // The command always waits for every websocket, so that no output is lost; false is accepted.
    "wait-for-websocket": z.boolean({ message: "must be true or false" }).optional(),
    "record-output": z
      .literal(false, { message: "is not supported: connect the websockets to read the output" })
      .optional(),
  })
  .strict();

/** What every shell starts with; the request's environment adds to or overrides it. */
export function execEnvironment(
  requested: Record<string, string> | undefined,
  interactive: boolean,
): Record<string, string> {
  return {
    PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    HOME: "/data",
    USER: "root",
    LANG: "C.UTF-8",
    ...(interactive ? { TERM: "xterm-256color" } : {}),
    ...requested,
  };
}
