import { useEffect, useState } from "react";
import { sensorSpecs, type SensorType } from "@anbox-dashboard/contract";
import type { SendControl } from "../../../components/stream-player/use-stream-session.ts";

/** Values go to the device at most this often (the SDK's default update interval is 16 ms). */
const intervalMs = 50;
/** Motion sensors that have said nothing after this long are taken as absent. */
const silenceMs = 2_000;
const toRadians = Math.PI / 180;

/** Whether this browser may have motion sensors: a phone's or a tablet's (a touch screen). */
export function motionSensorsPossible(): boolean {
  return "DeviceMotionEvent" in window && window.matchMedia("(pointer: coarse)").matches;
}

/**
 * Safari asks the person before it gives a page motion events, and only from a click: call this
 * in the switch's handler. True when they may flow (other browsers do not ask).
 */
export async function askForMotion(): Promise<boolean> {
  const motion = window.DeviceMotionEvent as unknown as {
    requestPermission?: () => Promise<"granted" | "denied">;
  };
  if (motion.requestPermission === undefined) return true;
  return (await motion.requestPermission()) === "granted";
}

/** A value held within the sensor's range (the device refuses what is outside it). */
function within(type: SensorType, axis: number, value: number): number {
  const range = sensorSpecs[type].axes[axis];
  return range === undefined ? value : Math.min(Math.max(value, range.min), range.max);
}

/**
 * While `on`, this phone's or tablet's own motion goes to the device, as Anbox's SDK sends it
 * (`sensor:event`): its accelerometer (gravity included), gyroscope and orientation. Answers
 * what the person should know: sensors that never answered.
 */
export function useMotionSensors(on: boolean, send: SendControl | undefined): string | undefined {
  const [note, setNote] = useState<string>();
  useEffect(() => {
    if (!on || send === undefined) return;
    let heard = false;
    let lastMotion = 0;
    let lastOrientation = 0;
    const onMotion = (event: DeviceMotionEvent) => {
      const gravity = event.accelerationIncludingGravity;
      if (gravity?.x == null || gravity.y == null || gravity.z == null) return;
      heard = true;
      if (event.timeStamp - lastMotion < intervalMs) return;
      lastMotion = event.timeStamp;
      send("sensor:event", {
        sensor: "acceleration",
        x: within("acceleration", 0, gravity.x),
        y: within("acceleration", 1, gravity.y),
        z: within("acceleration", 2, gravity.z),
      });
      const rate = event.rotationRate;
      if (rate?.alpha == null || rate.beta == null || rate.gamma == null) return;
      send("sensor:event", {
        sensor: "gyroscope",
        x: within("gyroscope", 0, rate.beta * toRadians),
        y: within("gyroscope", 1, rate.gamma * toRadians),
        z: within("gyroscope", 2, rate.alpha * toRadians),
      });
    };
    const onOrientation = (event: DeviceOrientationEvent) => {
      if (event.alpha === null || event.beta === null || event.gamma === null) return;
      heard = true;
      if (event.timeStamp - lastOrientation < intervalMs) return;
      lastOrientation = event.timeStamp;
      send("sensor:event", {
        sensor: "orientation",
        azimuth: within("orientation", 0, event.alpha),
        pitch: within("orientation", 1, event.beta),
        roll: within("orientation", 2, event.gamma),
      });
    };
    window.addEventListener("devicemotion", onMotion);
    window.addEventListener("deviceorientation", onOrientation);
    const check = setTimeout(() => {
      setNote(heard ? undefined : "This device's motion sensors said nothing: it may have none.");
    }, silenceMs);
    return () => {
      clearTimeout(check);
      window.removeEventListener("devicemotion", onMotion);
      window.removeEventListener("deviceorientation", onOrientation);
      setNote(undefined);
    };
  }, [on, send]);
  return note;
}
