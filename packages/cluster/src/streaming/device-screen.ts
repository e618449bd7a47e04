import type { Image } from "@napi-rs/canvas";
import type { CameraSource, SensorReading } from "@anbox-dashboard/contract";
import type { ControlEvent } from "./control-messages.ts";
import { VirtualDeviceState } from "./device-state.ts";
import {
  controlShortcut,
  isControlKey,
  isShiftKey,
  keyEffect,
  type NavigationKey,
} from "./hid-keys.ts";
import { countsAsInput } from "./input-marker.ts";
import { wallClock } from "./input-timeline.ts";
import { naturalOrientation, turnFor, turnFromGravity, type Turn } from "./orientation.ts";

/** The framebuffer's size in device pixels. */
export interface ScreenBounds {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface TrailPoint extends Point {
  /** When the finger was there (ms since the epoch). */
  at: number;
}

/** Android's multi-touch protocol has ten slots; the SDK maps pointer ids onto them. */
export const maxTouches = 10;
/** How long a trail point stays visible while it fades. */
export const trailFadeMs = 800;
const maxTrailPoints = 24;
/** The screen shows the end of what was typed; older text is let go. */
const maxTextLength = 2_000;
/** The mouse, while its main button is down, is one more finger, under an id no touch uses. */
export const mouseTouchId = -1;

/** What the device shows, as plain data (for tests and diagnostics). */
export interface ScreenSnapshot {
  typedText: string;
  lastNavigationKey: NavigationKey | null;
  /** How far the device is turned clockwise from how it is held naturally. */
  rotation: Turn;
  touches: { id: number; x: number; y: number }[];
  cursor: Point | null;
  trail: TrailPoint[];
}

/** Keeps a point inside the framebuffer: clients may send coordinates past its edges. */
export function clampToScreen(x: number, y: number, bounds: ScreenBounds): Point {
  return {
    x: Math.min(Math.max(x, 0), Math.max(bounds.width - 1, 0)),
    y: Math.min(Math.max(y, 0), Math.max(bounds.height - 1, 0)),
  };
}

/**
 * The state of one virtual device's screen: what was typed, the last device key, how it is held,
 * where fingers and the mouse are. It lives as long as the instance (a reconnecting viewer finds
 * the same text); input from the control channel changes it and the renderer draws it.
 */
export class DeviceScreen {
  /** What the device was given besides input: position, sensors, battery, messages, clipboard. */
  readonly state = new VirtualDeviceState();
  /** What the device's camera sees, decoded (its size and source are in the state). */
  private cameraPicture: Image | undefined;
  private cameraFrameAt = 0;
  private typed = "";
  private readonly shiftKeys = new Set<number>();
  private readonly controlKeys = new Set<number>();
  private navigation: { key: NavigationKey; at: number } | undefined;
  private turn: Turn = 0;
  private readonly activeTouches = new Map<number, Point>();
  private recentTrail: TrailPoint[] = [];
  private pointer: Point | undefined;
  private mousePressed = false;
  private inputs = 0;
  private inputAt = 0;
  private markerShown = false;

  /** The input applied since the current viewer's stream started (input-marker.ts). */
  get inputCount(): number {
    return this.inputs;
  }

  /** When the last input that counts was applied (wall-clock ms, input-timeline.ts). */
  get lastInputAt(): number {
    return this.inputAt;
  }

  /** A new viewer counts its input from zero, and sees no input marker until it asks for it. */
  resetInputCount(): void {
    this.inputs = 0;
    this.markerShown = false;
  }

  /** Whether the frames carry the input marker: only while the viewer times its input. */
  get showsInputMarker(): boolean {
    return this.markerShown;
  }

  /** The viewer starts or stops timing its input (stream::timing): the marker shows meanwhile. */
  showInputMarker(shown: boolean): void {
    this.markerShown = shown;
  }

  get typedText(): string {
    return this.typed;
  }

  /** How far the device is turned clockwise from how it is held naturally (its screen upright). */
  get rotation(): Turn {
    return this.turn;
  }

  /** The last device key pressed and when. */
  get lastNavigation(): { key: NavigationKey; at: number } | undefined {
    return this.navigation;
  }

  get touches(): ReadonlyMap<number, Point> {
    return this.activeTouches;
  }

  get cursor(): Point | undefined {
    return this.pointer;
  }

  /** The trail points still visible at `now`, oldest first. */
  trail(now: number): readonly TrailPoint[] {
    return this.recentTrail.filter((point) => now - point.at < trailFadeMs);
  }

  /** Applies one control event; coordinates outside `bounds` are clamped to its edges. */
  apply(event: ControlEvent, bounds: ScreenBounds, now: number): void {
    if (countsAsInput(event)) {
      this.inputs++;
      this.inputAt = wallClock();
    }
    switch (event.kind) {
      case "touch-start":
      case "touch-move": {
        const known = this.activeTouches.has(event.id);
        // An eleventh finger has no slot; a move of a finger never started is taken as its start.
        if (!known && this.activeTouches.size >= maxTouches) return;
        this.placeFinger(event.id, clampToScreen(event.x, event.y, bounds), now);
        return;
      }
      case "touch-end":
        this.activeTouches.delete(event.id);
        return;
      case "key":
        this.pressKey(event.code, event.pressed, now);
        return;
      case "text":
        this.type(event.text);
        return;
      case "mouse-move": {
        // The SDK sends the absolute position with the movement (rx, ry) unless the pointer is
        // locked, when only the movement comes: a position given is where the pointer is.
        const from = this.pointer ?? { x: bounds.width / 2, y: bounds.height / 2 };
        const x = event.x ?? from.x + event.dx;
        const y = event.y ?? from.y + event.dy;
        this.pointer = clampToScreen(x, y, bounds);
        if (this.mousePressed) this.placeFinger(mouseTouchId, this.pointer, now);
        return;
      }
      case "mouse-button":
        if (event.button !== 1) return;
        this.mousePressed = event.pressed && this.pointer !== undefined;
        if (this.mousePressed && this.pointer) {
          this.placeFinger(mouseTouchId, this.pointer, now);
        } else {
          this.activeTouches.delete(mouseTouchId);
        }
        return;
      case "acceleration":
        this.setSensors([{ type: "acceleration", x: event.x, y: event.y, z: event.z }]);
        return;
      case "sensor":
        this.setSensors([event.reading]);
        return;
      case "location":
        this.state.setLocation(event.location, wallClock());
        return;
      case "rotate":
        // Named as the SDK names them: "landscape" is no turn for a screen wider than high.
        this.turn = turnFor(event.orientation, naturalOrientation(bounds));
        return;
      case "disconnect":
      case "timing":
      case "camera":
      case "unsupported":
        return;
    }
  }

  /**
   * Whether a live feed's frame is taken now: at most one every `gapMs` for the device, whatever
   * the number of feeds (decoding a picture costs the cluster its time).
   */
  takesCameraFrame(now: number, gapMs: number): boolean {
    if (now - this.cameraFrameAt < gapMs) return false;
    this.cameraFrameAt = now;
    return true;
  }

  /** What the camera sees from now on. */
  showToCamera(picture: Image, source: CameraSource): void {
    this.cameraPicture = picture;
    this.state.setCamera({
      source,
      width: picture.width,
      height: picture.height,
      updated_at: wallClock(),
    });
  }

  get camera(): Image | undefined {
    return this.cameraPicture;
  }

  /** New sensor values; gravity (the accelerometer) turns the screen as a phone's does. */
  setSensors(readings: readonly SensorReading[]): void {
    for (const reading of readings) {
      if (reading.type === "acceleration") {
        this.turn = turnFromGravity(reading.x, reading.y, this.turn);
      }
    }
    this.state.setSensors(readings);
  }

  /** The viewer left: fingers, mouse and held modifiers go with it; text and rotation stay. */
  releasePointers(): void {
    this.activeTouches.clear();
    this.shiftKeys.clear();
    this.controlKeys.clear();
    this.pointer = undefined;
    this.mousePressed = false;
  }

  snapshot(now = Date.now()): ScreenSnapshot {
    return {
      typedText: this.typed,
      lastNavigationKey: this.navigation?.key ?? null,
      rotation: this.turn,
      touches: [...this.activeTouches].map(([id, point]) => ({ id, x: point.x, y: point.y })),
      cursor: this.pointer ? { ...this.pointer } : null,
      trail: this.trail(now).map((point) => ({ ...point })),
    };
  }

  private placeFinger(id: number, point: Point, now: number): void {
    this.activeTouches.set(id, point);
    this.recentTrail.push({ ...point, at: now });
    if (this.recentTrail.length > maxTrailPoints) {
      this.recentTrail = this.recentTrail.slice(-maxTrailPoints);
    }
  }

  private pressKey(code: number, pressed: boolean, now: number): void {
    if (isShiftKey(code) || isControlKey(code)) {
      const held = isShiftKey(code) ? this.shiftKeys : this.controlKeys;
      if (pressed) held.add(code);
      else held.delete(code);
      return;
    }
    if (!pressed) return;
    if (this.controlKeys.size > 0) {
      this.clipboardShortcut(code);
      return;
    }
    const effect = keyEffect(code, this.shiftKeys.size > 0);
    switch (effect.kind) {
      case "text":
        this.type(effect.text);
        return;
      case "backspace": {
        const characters = Array.from(this.typed);
        characters.pop();
        this.typed = characters.join("");
        return;
      }
      case "navigation":
        this.navigation = { key: effect.key, at: now };
        return;
      case "none":
        return;
    }
  }

  /**
   * Control+C copies everything typed to the device's clipboard (this device has no selection);
   * Control+V types what the clipboard holds. Other keys with control held do nothing.
   */
  private clipboardShortcut(code: number): void {
    const shortcut = controlShortcut(code);
    if (shortcut === "copy") this.state.setClipboard(this.typed, "device", wallClock());
    if (shortcut === "paste") this.type(this.state.current.clipboard?.text ?? "");
  }

  private type(text: string): void {
    const typed = this.typed + text;
    this.typed =
      typed.length > maxTextLength ? Array.from(typed).slice(-maxTextLength).join("") : typed;
  }
}
