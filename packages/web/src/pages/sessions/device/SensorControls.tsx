import { useId, useState } from "react";
import {
  readingOf,
  readingValues,
  sensorSpecs,
  sensorTypes,
  type DeviceState,
  type SensorType,
} from "@anbox-dashboard/contract";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import type { DeviceTarget } from "./device-target.ts";
import { useControlForm } from "./use-control-form.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
}

type Draft = Partial<Record<SensorType, number[]>>;

/**
 * The device's sensors, as Anbox's runtime names them, each value a slider within its range and
 * unit (Android's). What was moved is sent at once, in one change (`PATCH /1.0/sensors`).
 */
export function SensorControls({ target, state }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "sensors");
  const [draft, setDraft] = useState<Draft>({});
  const valuesOf = (type: SensorType): number[] => {
    const reading = state.sensors.find((candidate) => candidate.type === type);
    return draft[type] ?? (reading ? readingValues(reading) : [...sensorSpecs[type].initial]);
  };
  const moved = sensorTypes.filter((type) => draft[type] !== undefined);
  return (
    <DeviceSection
      title="Sensors"
      now={
        moved.length === 0
          ? "The sliders show the device's values; move some and set them."
          : `${String(moved.length)} changed, not yet set.`
      }
    >
      <ControlForm
        action="Set sensors"
        onSend={() => {
          if (moved.length === 0) return;
          form.send(moved.map((type) => readingOf(type, valuesOf(type))));
          setDraft({});
        }}
        pending={form.pending}
        error={form.error}
        extra={
          moved.length > 0 && (
            <button
              type="button"
              className="p-button"
              onClick={() => {
                setDraft({});
              }}
            >
              Undo changes
            </button>
          )
        }
      >
        {sensorTypes.map((type) => (
          <SensorFieldset
            key={type}
            type={type}
            values={valuesOf(type)}
            onChange={(values) => {
              setDraft((previous) => ({ ...previous, [type]: values }));
            }}
          />
        ))}
        {form.fieldErrors[""] !== undefined && (
          <p className="p-form-validation__message">{form.fieldErrors[""]}</p>
        )}
      </ControlForm>
    </DeviceSection>
  );
}

function SensorFieldset({
  type,
  values,
  onChange,
}: {
  type: SensorType;
  values: number[];
  onChange: (values: number[]) => void;
}) {
  const spec = sensorSpecs[type];
  const id = useId();
  return (
    <fieldset className="device-controls__sensor">
      <legend>
        {spec.label} <span className="device-controls__unit">({spec.unit})</span>
      </legend>
      {spec.axes.map((axis, index) => {
        const value = values[index] ?? 0;
        return (
          <div key={axis.name} className="device-controls__slider">
            <label htmlFor={`${id}-${axis.name}`}>{axis.name}</label>
            <input
              id={`${id}-${axis.name}`}
              type="range"
              min={axis.min}
              max={axis.max}
              step={axis.step}
              value={value}
              aria-valuetext={`${String(value)} ${spec.unit}`}
              onChange={(event) => {
                const next = [...values];
                next[index] = Number(event.target.value);
                onChange(next);
              }}
            />
            <output htmlFor={`${id}-${axis.name}`}>{value}</output>
          </div>
        );
      })}
    </fieldset>
  );
}
