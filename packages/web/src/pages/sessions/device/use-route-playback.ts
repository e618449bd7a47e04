import { useEffect, useRef, useState } from "react";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";
import { positionAlong, type Route } from "./gpx-route.ts";

/** How often the traveller's position goes to the device (a GPS receiver's usual rate). */
const stepMs = 1_000;

export interface RoutePlayback {
  route: Route;
  /** Meters a second. */
  speed: number;
  /** How far along it is, in meters. */
  meters: number;
}

/**
 * Plays a route on the device: every second, where a traveller at `speed` would be, sent over the
 * stream as the SDK sends a position (`location::update-position`, with speed and bearing), until
 * the end of the route, `stop`, or the stream stops.
 */
export function useRoutePlayback(send: SendControl | undefined) {
  const [playback, setPlayback] = useState<RoutePlayback>();
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const playing = playback !== undefined;
  const route = playback?.route;
  const speed = playback?.speed;
  useEffect(() => {
    if (route === undefined || speed === undefined) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const meters = ((Date.now() - startedAt) / 1_000) * speed;
      const position = positionAlong(route, meters);
      const sent = sendRef.current?.("location::update-position", {
        format: "wgs84",
        time: Date.now(),
        latitude: position.latitude,
        longitude: position.longitude,
        altitude: position.altitude ?? 0,
        speed: position.done ? 0 : speed,
        bearing: position.bearing,
      });
      if (sent !== true || position.done) {
        clearInterval(timer);
        setPlayback(undefined);
        return;
      }
      setPlayback((current) => (current === undefined ? current : { ...current, meters }));
    }, stepMs);
    return () => {
      clearInterval(timer);
    };
  }, [route, speed]);

  return {
    playback,
    playing,
    start: (next: Route, metersPerSecond: number) => {
      setPlayback({ route: next, speed: metersPerSecond, meters: 0 });
    },
    stop: () => {
      setPlayback(undefined);
    },
  };
}
