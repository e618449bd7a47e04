import { useState } from "react";
import type { DeviceState } from "@anbox-dashboard/contract";
import { DeviceField } from "./DeviceField.tsx";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import type { DeviceTarget } from "./device-target.ts";
import { useControlForm } from "./use-control-form.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
}

/** An incoming SMS (Anbox's `/1.0/telephony/sms`) and an incoming call (this project's). */
export function PhoneControls({ target, state }: Props) {
  const sms = useControlForm(target.clusterId, target.instanceId, "sms");
  const call = useControlForm(target.clusterId, target.instanceId, "call");
  const [number, setNumber] = useState("");
  const [message, setMessage] = useState("");
  const [caller, setCaller] = useState("");
  const lastSms = state.last_sms;
  const lastCall = state.last_call;
  return (
    <DeviceSection
      title="Phone"
      now={
        <>
          {lastSms === null ? "No SMS received." : `Last SMS from ${lastSms.number}.`}{" "}
          {lastCall === null
            ? "No call received."
            : `Last call from ${lastCall.number} at ${new Date(lastCall.received_at).toLocaleTimeString()}.`}
        </>
      }
    >
      <ControlForm
        action="Send SMS"
        onSend={() => {
          sms.send({ number, message });
        }}
        pending={sms.pending}
        error={sms.error}
      >
        <DeviceField
          label="From number"
          type="tel"
          value={number}
          error={sms.fieldErrors.number}
          onChange={setNumber}
        />
        <DeviceField
          label="Message"
          multiline
          value={message}
          error={sms.fieldErrors.message}
          onChange={setMessage}
        />
      </ControlForm>
      <ControlForm
        action="Place call"
        onSend={() => {
          call.send({ number: caller });
        }}
        pending={call.pending}
        error={call.error}
      >
        <DeviceField
          label="Caller's number"
          type="tel"
          value={caller}
          error={call.fieldErrors.number}
          onChange={setCaller}
        />
      </ControlForm>
    </DeviceSection>
  );
}
