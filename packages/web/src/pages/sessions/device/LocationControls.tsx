import { useState } from "react";
import { namedPlaces, type DeviceState } from "@anbox-dashboard/contract";
import { DeviceField } from "./DeviceField.tsx";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import { numberOrOmitted, type DeviceTarget } from "./device-target.ts";
import { useControlForm } from "./use-control-form.ts";
import { RouteControls } from "./RouteControls.tsx";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
  /** The stream's control channel while it plays (a route plays over it). */
  stream: SendControl | undefined;
}

const fields = [
  { key: "latitude", label: "Latitude", unit: "°" },
  { key: "longitude", label: "Longitude", unit: "°" },
  { key: "altitude", label: "Altitude", unit: "m" },
  { key: "horizontal_accuracy", label: "Accuracy", unit: "m" },
  { key: "bearing", label: "Bearing", unit: "°" },
  { key: "speed", label: "Speed", unit: "m/s" },
] as const;
type Field = (typeof fields)[number]["key"];
type Draft = Record<Field, string>;

const emptyDraft: Draft = {
  latitude: "",
  longitude: "",
  altitude: "",
  horizontal_accuracy: "",
  bearing: "",
  speed: "",
};

/**
 * Where the device is: a position typed or picked from a few places, or this browser's own
 * (asked for; a refusal is said). Sent as Anbox's location (`PATCH /1.0/location`'s fields).
 */
export function LocationControls({ target, state, stream }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "location");
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [browserNote, setBrowserNote] = useState<string>();
  const set = (field: Field, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
  };
  // A field left empty keeps the device's value (its placeholder), or its default.
  const send = (values: Draft) => {
    form.send(
      Object.fromEntries(
        fields.flatMap(({ key }) => {
          const value = numberOrOmitted(values[key]) ?? state.location?.[key];
          return value === undefined ? [] : [[key, value]];
        }),
      ),
    );
  };
  const askBrowserLocation = () => {
    setBrowserNote("Asking your browser where it is…");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setBrowserNote(undefined);
        const next: Draft = {
          latitude: String(coords.latitude),
          longitude: String(coords.longitude),
          altitude: coords.altitude === null ? "" : String(coords.altitude),
          horizontal_accuracy: String(Math.round(coords.accuracy)),
          bearing:
            coords.heading === null || Number.isNaN(coords.heading) ? "" : String(coords.heading),
          speed: coords.speed === null ? "" : String(coords.speed),
        };
        setDraft(next);
        send(next);
      },
      (error) => {
        setBrowserNote(
          error.code === error.PERMISSION_DENIED
            ? "Your browser did not share its location (refused, or blocked for this site)."
            : `Your browser could not tell its location: ${error.message || "no position"}.`,
        );
      },
      { timeout: 15_000 },
    );
  };
  const location = state.location;
  const geolocation = "geolocation" in navigator;
  return (
    <DeviceSection
      title="Location"
      now={
        location === null
          ? "No location set yet."
          : `Now at ${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}, ${String(Math.round(location.altitude))} m (${String(state.location_history.length)} set so far).`
      }
    >
      <div className="device-controls__places" role="group" aria-label="Places">
        {namedPlaces.map((place) => (
          <button
            key={place.name}
            type="button"
            className="p-button is-dense"
            onClick={() => {
              setDraft({
                ...emptyDraft,
                latitude: String(place.latitude),
                longitude: String(place.longitude),
              });
            }}
          >
            {place.name}
          </button>
        ))}
      </div>
      <ControlForm
        action="Set location"
        onSend={() => {
          send(draft);
        }}
        pending={form.pending}
        error={form.error}
        extra={
          <button
            type="button"
            className="p-button"
            aria-disabled={!geolocation || undefined}
            title={geolocation ? undefined : "This browser cannot tell its location"}
            onClick={() => {
              if (geolocation) askBrowserLocation();
            }}
          >
            Use my browser&apos;s location
          </button>
        }
      >
        <div className="device-controls__grid">
          {fields.map(({ key, label, unit }) => (
            <DeviceField
              key={key}
              label={label}
              unit={unit}
              type="number"
              value={draft[key]}
              placeholder={location === null ? undefined : String(location[key])}
              error={form.fieldErrors[key]}
              onChange={(value) => {
                set(key, value);
              }}
            />
          ))}
        </div>
        {browserNote !== undefined && (
          <p className="device-controls__note" role="status">
            {browserNote}
          </p>
        )}
      </ControlForm>
      <RouteControls
        stream={stream}
        setStart={(route) => {
          const [first] = route.points;
          if (first) form.send({ latitude: first.latitude, longitude: first.longitude });
        }}
      />
    </DeviceSection>
  );
}
