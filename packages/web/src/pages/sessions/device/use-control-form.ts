import { useState } from "react";
import type { z } from "zod";
import { deviceControls, type DeviceControlName } from "@anbox-dashboard/contract";
import { useDeviceControl } from "../../../queries/device.ts";

/** A control's field messages, by the field's path ("latitude", "0.value"). */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * One control's form: `send` checks what was typed with the contract's schema of the control
 * (each wrong field gets its message, nothing is sent) and sends it; the answer is the device's
 * state, which the panel then shows. `error` is the server's refusal, if any.
 */
export function useControlForm(clusterId: string, instanceId: string, name: DeviceControlName) {
  const mutation = useDeviceControl(clusterId, instanceId, name);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const send = (body: unknown) => {
    const parsed = deviceControls[name].body.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data);
  };
  return {
    send,
    pending: mutation.isPending,
    sent: mutation.isSuccess,
    error: mutation.error ?? undefined,
    fieldErrors,
  };
}

/** Each field's first message; a message about the whole body under "". */
function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= sentence(issue.message);
  }
  return errors;
}

/** Zod's words as a sentence a form shows ("Too big: expected number to be <=90" stays as is). */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
