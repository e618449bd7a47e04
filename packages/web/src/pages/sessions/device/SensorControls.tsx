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
import { askForMotion, motionSensorsPossible, useMotionSensors } from "./use-motion-sensors.ts";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
  /** The stream's control channel while it plays: this device's own motion goes over it. */
  stream: SendControl | undefined;
}

type Draft = Partial<Record<SensorType, number[]>>;

/**
 * The device's sensors, as Anbox's runtime names them, each value a slider within its range and
 * unit (Android's). What was moved is sent at once, in one change (`PATCH /1.0/sensors`).
 */
export function SensorControls({ target, state, stream }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "sensors");
  const [draft, setDraft] = useState<Draft>({});
  const [ownMotion, setOwnMotion] = useState(false);
  const [motionRefused, setMotionRefused] = useState<string>();
  const motionNote = useMotionSensors(ownMotion, stream);
  const motionHelpId = useId();
  const motionUnavailable = !motionSensorsPossible()
    ? "Only a phone or a tablet has motion sensors to lend"
    : stream === undefined
      ? "The motion goes over the stream: only while it plays and you have control"
      : undefined;
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
      <label className="p-checkbox">
        <input
          className="p-checkbox__input"
          type="checkbox"
          role="switch"
          checked={ownMotion}
          aria-disabled={motionUnavailable !== undefined || undefined}
          aria-describedby={motionHelpId}
          onChange={(event) => {
            if (motionUnavailable !== undefined) return;
            const wanted = event.target.checked;
            if (!wanted) {
              setOwnMotion(false);
              return;
            }
            void askForMotion().then((granted) => {
              setMotionRefused(
                granted ? undefined : "The browser did not share its motion sensors.",
              );
              setOwnMotion(granted);
            });
          }}
        />
        <span className="p-checkbox__label">Use this device&apos;s motion sensors</span>
      </label>
      <p className="p-form-help-text" id={motionHelpId}>
        {motionUnavailable ??
          "Its accelerometer, gyroscope and orientation move the device as you move this one."}
      </p>
      {(motionRefused ?? motionNote) !== undefined && (
        <p className="device-controls__note" role="status">
          {motionRefused ?? motionNote}
        </p>
      )}
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
