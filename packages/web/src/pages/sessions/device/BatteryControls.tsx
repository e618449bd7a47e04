import { useId, useState } from "react";
import type { DeviceState } from "@anbox-dashboard/contract";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import type { DeviceTarget } from "./device-target.ts";
import { useControlForm } from "./use-control-form.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
}

/** The device's battery: its level and whether it charges (this project's extension). */
export function BatteryControls({ target, state }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "battery");
  const [level, setLevel] = useState<number>();
  const [charging, setCharging] = useState<boolean>();
  const id = useId();
  const shownLevel = level ?? state.battery.level;
  const shownCharging = charging ?? state.battery.charging;
  return (
    <DeviceSection
      title="Battery"
      now={`Now ${String(state.battery.level)}%, ${state.battery.charging ? "charging" : "on battery"}.`}
    >
      <ControlForm
        action="Set battery"
        onSend={() => {
          form.send({ level: shownLevel, charging: shownCharging });
          setLevel(undefined);
          setCharging(undefined);
        }}
        pending={form.pending}
        error={form.error}
      >
        <div className="device-controls__slider">
          <label htmlFor={`${id}-level`}>Level</label>
          <input
            id={`${id}-level`}
            type="range"
            min={0}
            max={100}
            step={1}
            value={shownLevel}
            aria-valuetext={`${String(shownLevel)}%`}
            onChange={(event) => {
              setLevel(Number(event.target.value));
            }}
          />
          <output htmlFor={`${id}-level`}>{shownLevel}%</output>
        </div>
        <label className="p-checkbox">
          <input
            className="p-checkbox__input"
            type="checkbox"
            checked={shownCharging}
            onChange={(event) => {
              setCharging(event.target.checked);
            }}
          />
          <span className="p-checkbox__label">Charging</span>
        </label>
      </ControlForm>
    </DeviceSection>
  );
}
