import { useId, useState } from "react";
import {
  networkProfiles,
  networkProfileSpecs,
  shapingOf,
  type DeviceNetwork,
  type DeviceState,
} from "@anbox-dashboard/contract";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import type { DeviceTarget } from "./device-target.ts";
import { useControlForm } from "./use-control-form.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
}

/** What the device's network does to the stream, in a sentence. */
function effectOf(network: DeviceNetwork): string {
  const shaping = shapingOf(network);
  if (shaping !== undefined) {
    return `On mobile data (${networkProfileSpecs[network.profile].label}): the stream is held to ${shaping.kbps.toLocaleString("en")} kbps, ${String(shaping.latencyMs)} ms later, ${String(shaping.lossRate * 100)} % of packets lost.`;
  }
  return network.wifi
    ? "On Wi-Fi: the stream is not shaped."
    : "No network on the device (the stream itself still plays).";
}

/**
 * Wi-Fi and mobile data on or off, the mobile profile and its signal (this project's extension).
 * On mobile data alone, the profile really shapes what reaches this browser (its bandwidth,
 * latency and loss), which the statistics show.
 */
export function NetworkControls({ target, state }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "network");
  const [draft, setDraft] = useState<DeviceNetwork>();
  const id = useId();
  const shown = draft ?? state.network;
  const change = (next: Partial<DeviceNetwork>) => {
    setDraft({ ...shown, ...next });
  };
  return (
    <DeviceSection title="Network" now={effectOf(state.network)}>
      <ControlForm
        action="Set network"
        onSend={() => {
          form.send(shown);
          setDraft(undefined);
        }}
        pending={form.pending}
        error={form.error}
      >
        {(["wifi", "mobile"] as const).map((key) => (
          <label key={key} className="p-checkbox">
            <input
              className="p-checkbox__input"
              type="checkbox"
              role="switch"
              checked={shown[key]}
              onChange={(event) => {
                change({ [key]: event.target.checked });
              }}
            />
            <span className="p-checkbox__label">{key === "wifi" ? "Wi-Fi" : "Mobile data"}</span>
          </label>
        ))}
        <label htmlFor={`${id}-profile`}>Mobile profile</label>
        <select
          id={`${id}-profile`}
          value={shown.profile}
          onChange={(event) => {
            const profile = networkProfiles.find((known) => known === event.target.value);
            if (profile !== undefined) change({ profile });
          }}
        >
          {networkProfiles.map((profile) => {
            const spec = networkProfileSpecs[profile];
            return (
              <option key={profile} value={profile}>
                {spec.label} ({spec.kbps.toLocaleString("en")} kbps, {spec.latencyMs} ms)
              </option>
            );
          })}
        </select>
        <div className="device-controls__slider">
          <label htmlFor={`${id}-signal`}>Signal</label>
          <input
            id={`${id}-signal`}
            type="range"
            min={0}
            max={4}
            step={1}
            value={shown.signal}
            aria-valuetext={`${String(shown.signal)} of 4 bars`}
            onChange={(event) => {
              change({ signal: Number(event.target.value) });
            }}
          />
          <output htmlFor={`${id}-signal`}>{shown.signal} of 4</output>
        </div>
      </ControlForm>
    </DeviceSection>
  );
}
