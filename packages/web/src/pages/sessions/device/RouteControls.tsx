import { useId, useState } from "react";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";
import { DeviceField } from "./DeviceField.tsx";
import { maxGpxBytes, readGpx, type Route } from "./gpx-route.ts";
import { useRoutePlayback } from "./use-route-playback.ts";

interface Props {
  /** The stream's control channel while it plays: a route is played over it. */
  stream: SendControl | undefined;
  /** Sets the route's first point through the dashboard (recorded), before it plays. */
  setStart: (route: Route) => void;
}

const kilometers = (meters: number) => (meters / 1_000).toFixed(1);

/** A route from a GPX file, played on the device at a chosen speed. */
export function RouteControls({ stream, setStart }: Props) {
  const [route, setRoute] = useState<Route>();
  const [problem, setProblem] = useState<string>();
  const [speed, setSpeed] = useState("30");
  const fileId = useId();
  const player = useRoutePlayback(stream);
  const kmh = Number(speed);
  const speedError =
    speed.trim() === "" || !(kmh > 0 && kmh <= 1_000)
      ? "A speed between 0 and 1000 km/h"
      : undefined;
  const unavailable =
    stream === undefined
      ? "A route plays over the stream: only while it plays and you have control"
      : route === undefined
        ? "Choose a GPX file first"
        : speedError;

  const readFile = async (file: File | undefined) => {
    setRoute(undefined);
    setProblem(undefined);
    if (file === undefined) return;
    if (file.size > maxGpxBytes) {
      setProblem(`${file.name} is larger than ${String(maxGpxBytes / 1024 / 1024)} MB`);
      return;
    }
    try {
      setRoute(readGpx(await file.text(), file.name));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const playback = player.playback;
  return (
    <div className="device-controls__route" role="group" aria-label="Route">
      <label htmlFor={fileId}>Route (GPX file)</label>
      <input
        id={fileId}
        type="file"
        accept=".gpx,application/gpx+xml,application/xml,text/xml"
        aria-invalid={problem !== undefined}
        onChange={(event) => void readFile(event.target.files?.[0])}
      />
      {problem !== undefined && <p className="p-form-validation__message">{problem}</p>}
      {route !== undefined && (
        <p className="device-controls__note">
          “{route.name}”: {String(route.points.length)} points, {kilometers(route.meters)} km.
        </p>
      )}
      <DeviceField
        label="Speed"
        unit="km/h"
        type="number"
        value={speed}
        error={route === undefined ? undefined : speedError}
        onChange={setSpeed}
      />
      <div className="device-controls__buttons">
        {player.playing ? (
          <button type="button" className="p-button" onClick={player.stop}>
            Stop the route
          </button>
        ) : (
          <button
            type="button"
            className="p-button"
            aria-disabled={unavailable !== undefined || undefined}
            title={unavailable}
            onClick={() => {
              if (unavailable !== undefined || route === undefined) return;
              setStart(route);
              player.start(route, kmh / 3.6);
            }}
          >
            Play the route
          </button>
        )}
      </div>
      {playback !== undefined && (
        <p className="device-controls__note" role="status">
          Playing “{playback.route.name}”: {kilometers(playback.meters)} of{" "}
          {kilometers(playback.route.meters)} km at {String(Math.round(playback.speed * 3.6))} km/h.
        </p>
      )}
    </div>
  );
}
