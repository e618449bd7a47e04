import type { DeviceState } from "@anbox-dashboard/contract";
import { DeviceScreen, type ScreenSnapshot } from "./device-screen.ts";

/**
 * The screen of every virtual device that has streamed in this process, by instance id. It
 * outlives each stream, so a viewer who reconnects (or takes over) sees the same device.
 */
const screens = new Map<string, DeviceScreen>();

/** The screen of an instance, created on first use. */
export function deviceScreenFor(instanceId: string): DeviceScreen {
  let screen = screens.get(instanceId);
  if (!screen) {
    screen = new DeviceScreen();
    screens.set(instanceId, screen);
  }
  return screen;
}

/** What an instance's screen shows now, or undefined if it never streamed. */
export function readScreenState(instanceId: string): ScreenSnapshot | undefined {
  return screens.get(instanceId)?.snapshot();
}

/** What an instance's device has been given, or undefined if it never took anything. */
export function readDeviceState(instanceId: string): DeviceState | undefined {
  return screens.get(instanceId)?.state.snapshot();
}

/** Lets an instance's screen go (the instance was deleted). */
export function forgetDeviceScreen(instanceId: string): void {
  screens.delete(instanceId);
}
