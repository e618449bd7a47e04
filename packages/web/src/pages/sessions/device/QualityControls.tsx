import { useId, useState } from "react";
import {
  streamScales,
  type StreamQuality,
  type StreamQualityApplied,
  type StreamScale,
} from "@anbox-dashboard/contract";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";

interface Props {
  /** The stream's control channel while it plays: the quality goes over it. */
  stream: SendControl | undefined;
  /** What the stream is now, as the device last said (`stream::quality`). */
  applied: StreamQualityApplied | undefined;
}

/** Ceilings a viewer picks from, in kbit/s; null: the device's network alone. */
const ceilings = [null, 8_000, 4_000, 2_000, 1_000, 500, 250] as const;

function ceilingName(kbps: number | null): string {
  if (kbps === null) return "No ceiling";
  return kbps >= 1_000 ? `${String(kbps / 1_000)} Mbit/s` : `${String(kbps)} kbit/s`;
}

const scaleNames: Record<StreamScale, string> = { 1: "Full", 0.75: "Three quarters", 0.5: "Half" };

/**
 * This viewer's own stream (issue 39): a ceiling on its bitrate and the size of its picture,
 * applied while it plays (a new encoding on the same connection, its first frame a keyframe).
 * Nothing changes on the device, nor for other viewers.
 */
export function QualityControls({ stream, applied }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<StreamQuality>();
  const [refused, setRefused] = useState<Error>();
  const shown: StreamQuality = draft ?? {
    max_kbps: applied?.max_kbps ?? null,
    scale: streamScales.find((scale) => scale === applied?.scale) ?? 1,
  };
  const now =
    applied === undefined
      ? "Full size, no ceiling beyond the device's network."
      : `Now ${String(applied.width)}×${String(applied.height)}, ${applied.max_kbps === null ? "no ceiling" : `at most ${ceilingName(applied.max_kbps)}`}.`;
  return (
    <DeviceSection title="Stream quality" now={now}>
      <ControlForm
        action="Apply to my stream"
        onSend={() => {
          const sent = stream?.("stream::quality", shown) ?? false;
          setRefused(
            sent ? undefined : new Error("The stream is not playing: the quality goes over it."),
          );
          if (sent) setDraft(undefined);
        }}
        pending={false}
        error={refused}
      >
        <label htmlFor={`${id}-ceiling`}>Bitrate ceiling</label>
        <select
          id={`${id}-ceiling`}
          value={String(shown.max_kbps)}
          onChange={(event) => {
            const kbps = ceilings.find((ceiling) => String(ceiling) === event.target.value);
            if (kbps !== undefined) setDraft({ ...shown, max_kbps: kbps });
          }}
        >
          {ceilings.map((kbps) => (
            <option key={String(kbps)} value={String(kbps)}>
              {ceilingName(kbps)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-scale`}>Picture size</label>
        <select
          id={`${id}-scale`}
          value={String(shown.scale)}
          onChange={(event) => {
            const scale = streamScales.find((known) => String(known) === event.target.value);
            if (scale !== undefined) setDraft({ ...shown, scale });
          }}
        >
          {streamScales.map((scale) => (
            <option key={scale} value={String(scale)}>
              {scaleNames[scale]}
            </option>
          ))}
        </select>
      </ControlForm>
    </DeviceSection>
  );
}
