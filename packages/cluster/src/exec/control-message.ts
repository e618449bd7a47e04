import { z } from "zod";

/** A control frame as the process understands it (sizes as numbers). */
export type ControlCommand =
  | { command: "window-resize"; columns: number; rows: number }
  | { command: "signal"; signal: number };

/** LXD sends sizes as strings ("120"); numbers are accepted too. */
const sizeSchema = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(1000, "must be at most 1000");

const controlSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("window-resize"),
    args: z.object({ width: sizeSchema, height: sizeSchema }),
  }),
  z.object({
    command: z.literal("signal"),
    signal: z.number().int("must be a whole number").min(1).max(64, "must be a signal number"),
  }),
]);

export function parseControlMessage(
  text: string,
): { ok: true; value: ControlCommand } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "a control message is JSON" };
  }
  const parsed = controlSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join("; ") };
  }
  const value = parsed.data;
  return value.command === "window-resize"
    ? {
        ok: true,
        value: { command: value.command, columns: value.args.width, rows: value.args.height },
      }
    : { ok: true, value: { command: value.command, signal: value.signal } };
}
