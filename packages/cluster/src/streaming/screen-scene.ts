import type { SKRSContext2D } from "@napi-rs/canvas";
import { trailFadeMs, type DeviceScreen, type Point } from "./device-screen.ts";
import { deviceRows } from "./device-rows.ts";
import { contentRotation, naturalOrientation, orientationAt } from "./orientation.ts";
import { markerBlockSize, markerRect, markerValues } from "./input-marker.ts";
import type { Rect } from "./rect.ts";
import {
  cameraBox,
  deviceRow,
  fitText,
  infoRow,
  mono,
  paintCamera,
  paintTypedText,
  sans,
} from "./scene-text.ts";

/** What one frame of the screen is drawn from. */
export interface SceneInput {
  /** The framebuffer's size in device pixels. */
  width: number;
  height: number;
  fps: number;
  density: number;
  instanceName: string;
  /** What the device runs: an application name, or an image name followed by " (image)". */
  source: string;
  screen: DeviceScreen;
  now: number;
  frameNumber: number;
  /**
   * The framebuffer's size as a share of the device's screen (a viewer's smaller picture,
   * stream::quality): touches and the cursor, in device pixels, are drawn that much closer in.
   */
  scale?: number;
}

/** One thing on the screen. The renderer repaints it only when its rectangle or signature change. */
export interface SceneItem {
  /** Stable from frame to frame for the same thing. */
  key: string;
  /** Where it draws, in framebuffer pixels; the renderer clips it there. */
  rect: Rect;
  /** Changes whenever its pixels would. */
  signature: string;
  /** True: drawn in the content's turned coordinates; false: straight in device pixels. */
  rotated: boolean;
  paint(context: SKRSContext2D): void;
}

export interface Scene {
  rotation: 0 | 90 | 180 | 270;
  /** The transform from the content's coordinates to the framebuffer's (a, b, c, d, e, f). */
  transform: [number, number, number, number, number, number];
  items: SceneItem[];
}

export const backgroundColor = "#2c001e";
const accent = "#e95420";
/** A device key stays highlighted this long after it is pressed. */
const keyFlashMs = 1_000;
/** The moving block crosses this many layout units a second, whatever the frame rate. */
const blockSpeed = 240;

/**
 * Lays out one frame. The content is laid out in units of 1/720 of the screen's shorter side, in a
 * space turned with the device (portrait or landscape), then mapped into the framebuffer, which
 * keeps its size. Touches and the cursor are drawn straight in device pixels, where they happened.
 */
export function buildScene(input: SceneInput): Scene {
  const { width, height, screen } = input;
  const rotation = contentRotation(screen.rotation);
  const turned = rotation === 90 || rotation === 270;
  const layoutWidth = turned ? height : width;
  const layoutHeight = turned ? width : height;
  const transform = rotationTransform(rotation, width, height);
  const unit = Math.min(layoutWidth, layoutHeight) / 720;
  const u = (value: number): number => Math.round(value * unit);
  const margin = u(32);
  const innerWidth = layoutWidth - 2 * margin;
  // Held sideways, the device's state goes in a column of its own beside the typed text.
  const landscape = layoutWidth > layoutHeight;
  const gutter = u(24);
  const columnWidth = landscape ? Math.floor((innerWidth - gutter) / 2) : innerWidth;

  const items: SceneItem[] = [];
  const content = (
    key: string,
    box: Rect,
    signature: string,
    paint: (context: SKRSContext2D) => void,
  ): void => {
    items.push({ key, rect: mapRect(box, transform), signature, rotated: true, paint });
  };

  content("status-bar", { x: 0, y: 0, width: layoutWidth, height: u(56) }, "", (context) => {
    context.fillStyle = "#1a0012";
    context.fillRect(0, 0, layoutWidth, u(56));
    context.fillStyle = "#cfcfcf";
    context.font = `${u(22)}px ${sans}`;
    context.textBaseline = "middle";
    const label = `Virtual device · ${width}×${height} · ${input.density} dpi`;
    context.fillText(fitText(context, label, layoutWidth - 2 * margin - u(210)), margin, u(28));
  });

  const clock = formatClock(input.now);
  const clockBox = { x: layoutWidth - margin - u(200), y: 0, width: u(200), height: u(56) };
  content("clock", clockBox, clock, (context) => {
    context.fillStyle = "#ffffff";
    context.font = `bold ${u(26)}px ${sans}`;
    context.textBaseline = "middle";
    context.textAlign = "right";
    context.fillText(clock, layoutWidth - margin, u(28));
  });

  const title = { x: margin, y: u(80), width: innerWidth, height: u(64) };
  content("title", title, input.instanceName, (context) => {
    context.fillStyle = "#ffffff";
    context.font = `bold ${u(44)}px ${sans}`;
    context.textBaseline = "middle";
    context.fillText(fitText(context, input.instanceName, innerWidth), margin, u(112));
  });

  const source = { x: margin, y: u(146), width: innerWidth, height: u(44) };
  content("source", source, input.source, (context) => {
    context.fillStyle = "#f6b08a";
    context.font = `${u(28)}px ${sans}`;
    context.textBaseline = "middle";
    context.fillText(fitText(context, input.source, innerWidth), margin, u(168));
  });

  const rotationRow = { x: margin, y: u(214), width: columnWidth, height: u(40) };
  // Named for how this screen is held naturally, as the SDK and the web player name it.
  const held = orientationAt(screen.rotation, naturalOrientation(input));
  const rotationLabel = `${held} (${String(screen.rotation)}°)`;
  content("rotation", rotationRow, rotationLabel, (context) => {
    infoRow(context, "Rotation", rotationLabel, margin, u(234), u);
  });

  const navigation = screen.lastNavigation;
  const flashing = navigation !== undefined && input.now - navigation.at < keyFlashMs;
  const keyRow = { x: margin, y: u(258), width: columnWidth, height: u(40) };
  const keyLabel = navigation?.key ?? "none";
  content("last-key", keyRow, `${keyLabel}:${flashing}`, (context) => {
    if (flashing) {
      context.fillStyle = accent;
      context.fillRect(keyRow.x, keyRow.y, keyRow.width, keyRow.height);
    }
    infoRow(context, "Last key", keyLabel, margin, u(278), u);
  });

  // Held sideways the rows are closer, so that all of them fit above the frame counter.
  const rowHeight = landscape ? u(28) : u(36);
  const rows = deviceRows(screen.state.current, formatClock);
  const rowsTop = landscape ? u(214) : u(302);
  const rowsX = landscape ? margin + columnWidth + gutter : margin;
  rows.forEach((row, index) => {
    const box = { x: rowsX, y: rowsTop + index * rowHeight, width: columnWidth, height: rowHeight };
    content(`device:${row.label}`, box, row.value, (context) => {
      deviceRow(context, row.label, row.value, box, u);
    });
  });

  const textTop = landscape ? u(314) : rowsTop + rows.length * rowHeight + u(14);
  const textBox = {
    x: margin,
    y: textTop,
    width: columnWidth,
    height: Math.max(layoutHeight - u(150) - textTop, u(80)),
  };
  content("typed-text", textBox, screen.typedText, (context) => {
    paintTypedText(context, screen.typedText, textBox, u);
  });

  // What the camera sees, in the typed text's corner (scene-text.ts).
  const picture = screen.camera;
  const camera = screen.state.current.camera;
  if (picture !== undefined && camera !== null) {
    const box = cameraBox(textBox, picture, u);
    content("camera", box, String(camera.updated_at), (context) => {
      paintCamera(context, picture, box, u);
    });
  }

  const counterBox = { x: margin, y: layoutHeight - u(138), width: u(320), height: u(36) };
  const counter = `frame ${input.frameNumber}`;
  content("frame-counter", counterBox, counter, (context) => {
    context.fillStyle = "#cfcfcf";
    context.font = `${u(24)}px ${mono}`;
    context.textBaseline = "middle";
    context.fillText(counter, margin, counterBox.y + counterBox.height / 2);
  });

  const trackY = layoutHeight - u(90);
  const blockSize = u(44);
  content(
    "track",
    { x: margin, y: trackY, width: innerWidth, height: blockSize },
    "",
    (context) => {
      context.fillStyle = "#5e2750";
      context.fillRect(margin, trackY + blockSize / 2 - u(2), innerWidth, Math.max(u(4), 1));
    },
  );
  const travel = Math.max(innerWidth - blockSize, 1);
  const distance = Math.round(((input.frameNumber * blockSpeed) / input.fps) * unit) % (2 * travel);
  const blockX = margin + (distance <= travel ? distance : 2 * travel - distance);
  const block = { x: blockX, y: trackY, width: blockSize, height: blockSize };
  content("moving-block", block, String(blockX), (context) => {
    context.fillStyle = accent;
    context.fillRect(block.x, block.y, block.width, block.height);
  });

  const footer = { x: margin, y: layoutHeight - u(40), width: innerWidth, height: u(32) };
  content("footer", footer, "", (context) => {
    context.fillStyle = "#9a8a95";
    context.font = `${u(18)}px ${sans}`;
    context.textBaseline = "middle";
    const note = "No Android runs here: this screen is drawn by the embedded cloud";
    context.fillText(fitText(context, note, innerWidth), margin, footer.y + footer.height / 2);
  });

  addPointers(items, input, unit);
  // Last, over anything a finger or the cursor draws there; only while the viewer times its input
  // (a black and white strip in the corner of every frame otherwise).
  if (screen.showsInputMarker) items.push(inputMarker(input));
  return { rotation, transform, items };
}

/** The count of the input the device has applied, for the viewer to time it (input-marker.ts). */
function inputMarker(input: SceneInput): SceneItem {
  const marker = markerRect(input.width, input.height);
  const count = input.screen.inputCount & 0xff;
  return {
    key: "input-marker",
    rect: marker,
    signature: String(count),
    rotated: false,
    paint: (context) => {
      markerValues(count).forEach((on, bit) => {
        context.fillStyle = on ? "#ffffff" : "#000000";
        context.fillRect(
          marker.x + bit * markerBlockSize,
          marker.y,
          markerBlockSize,
          marker.height,
        );
      });
    },
  };
}

/** Touch trails, fingers and the mouse cursor, in device pixels over everything else. */
function addPointers(items: SceneItem[], input: SceneInput, unit: number): void {
  const { screen, now } = input;
  const scale = input.scale ?? 1;
  const scaled = <P extends { x: number; y: number }>(point: P): P =>
    scale === 1 ? point : { ...point, x: point.x * scale, y: point.y * scale };
  const seen = new Set<string>();
  const trailRadius = Math.max(Math.round(14 * unit), 3);
  for (const point of screen.trail(now).map(scaled)) {
    // Fades in eight steps: each step repaints the dot, not every frame.
    const step = Math.ceil((1 - (now - point.at) / trailFadeMs) * 8);
    let key = `trail:${point.at}:${point.x}:${point.y}`;
    while (seen.has(key)) key += "'";
    seen.add(key);
    items.push({
      key,
      rect: around(point, trailRadius + 1),
      signature: String(step),
      rotated: false,
      paint: (context) => {
        context.fillStyle = `rgba(233, 84, 32, ${(0.6 * step) / 8})`;
        context.beginPath();
        context.arc(point.x, point.y, trailRadius, 0, 2 * Math.PI);
        context.fill();
      },
    });
  }
  const radius = Math.max(Math.round(40 * unit), 6);
  for (const [id, touch] of screen.touches) {
    const point = scaled(touch);
    items.push({
      key: `touch:${id}`,
      rect: around(point, radius + 3),
      signature: `${point.x}:${point.y}`,
      rotated: false,
      paint: (context) => {
        context.beginPath();
        context.arc(point.x, point.y, radius, 0, 2 * Math.PI);
        context.fillStyle = "rgba(233, 84, 32, 0.55)";
        context.fill();
        context.lineWidth = 3;
        context.strokeStyle = "#ffffff";
        context.stroke();
      },
    });
  }
  const cursor = screen.cursor && scaled(screen.cursor);
  if (cursor) {
    const size = Math.max(Math.round(30 * unit), 8);
    items.push({
      key: "cursor",
      rect: { x: cursor.x - 2, y: cursor.y - 2, width: size + 4, height: size + 4 },
      signature: `${cursor.x}:${cursor.y}`,
      rotated: false,
      paint: (context) => {
        context.beginPath();
        context.moveTo(cursor.x, cursor.y);
        context.lineTo(cursor.x, cursor.y + size);
        context.lineTo(cursor.x + size * 0.3, cursor.y + size * 0.75);
        context.lineTo(cursor.x + size * 0.7, cursor.y + size * 0.7);
        context.closePath();
        context.fillStyle = "#ffffff";
        context.fill();
        context.lineWidth = 1.5;
        context.strokeStyle = "#000000";
        context.stroke();
      },
    });
  }
}

/** HH:MM:SS in the cluster's local time. */
export function formatClock(now: number): string {
  const date = new Date(now);
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
}

function around(point: Point, radius: number): Rect {
  return { x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius };
}

/**
 * Content coordinates → framebuffer coordinates for content turned clockwise by `rotation`
 * inside a width×height framebuffer: 90° puts the content's top edge on the framebuffer's right.
 */
export function rotationTransform(
  rotation: 0 | 90 | 180 | 270,
  width: number,
  height: number,
): [number, number, number, number, number, number] {
  switch (rotation) {
    case 0:
      return [1, 0, 0, 1, 0, 0];
    case 90:
      return [0, 1, -1, 0, width, 0];
    case 180:
      return [-1, 0, 0, -1, width, height];
    case 270:
      return [0, -1, 1, 0, 0, height];
  }
}

/** The framebuffer rectangle a content rectangle lands on (quarter turns keep it a rectangle). */
export function mapRect(rect: Rect, transform: Scene["transform"]): Rect {
  const [a, b, c, d, e, f] = transform;
  const corners = [
    [rect.x, rect.y],
    [rect.x + rect.width, rect.y + rect.height],
  ].map(([x = 0, y = 0]) => ({ x: a * x + c * y + e, y: b * x + d * y + f }));
  const [first, second] = corners as [Point, Point];
  const x = Math.min(first.x, second.x);
  const y = Math.min(first.y, second.y);
  return { x, y, width: Math.abs(first.x - second.x), height: Math.abs(first.y - second.y) };
}
