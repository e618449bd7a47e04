import type { Image, SKRSContext2D } from "@napi-rs/canvas";
import type { Rect } from "./rect.ts";

// How the screen's text is painted: a row of a label and its value, the typed text's box, text
// cut to a width. The scene (screen-scene.ts) lays them out.

export const sans = '"DejaVu Sans"';
export const mono = '"DejaVu Sans Mono"';

export function infoRow(
  context: SKRSContext2D,
  label: string,
  value: string,
  x: number,
  y: number,
  u: (value: number) => number,
): void {
  context.textBaseline = "middle";
  context.font = `${u(24)}px ${sans}`;
  context.fillStyle = "#cfcfcf";
  context.fillText(label, x + u(8), y);
  context.font = `bold ${u(26)}px ${sans}`;
  context.fillStyle = "#ffffff";
  context.fillText(value, x + u(170), y);
}

/** One line of the device's state: its label, then its value cut to the row's width. */
export function deviceRow(
  context: SKRSContext2D,
  label: string,
  value: string,
  box: Rect,
  u: (value: number) => number,
): void {
  const middle = box.y + box.height / 2;
  context.textBaseline = "middle";
  context.font = `${u(20)}px ${sans}`;
  context.fillStyle = "#cfcfcf";
  context.fillText(label, box.x + u(8), middle);
  context.font = `bold ${u(22)}px ${sans}`;
  context.fillStyle = "#ffffff";
  context.fillText(fitText(context, value, box.width - u(138)), box.x + u(130), middle);
}

export function paintTypedText(
  context: SKRSContext2D,
  text: string,
  box: Rect,
  u: (value: number) => number,
): void {
  context.strokeStyle = "#77216f";
  context.lineWidth = Math.max(u(2), 1);
  context.strokeRect(box.x + 1, box.y + 1, box.width - 2, box.height - 2);
  context.textBaseline = "top";
  context.fillStyle = "#cfcfcf";
  context.font = `${u(20)}px ${sans}`;
  context.fillText("Typed text", box.x + u(14), box.y + u(10));
  context.font = `${u(28)}px ${mono}`;
  const characterWidth = context.measureText("M").width;
  const lineHeight = u(36);
  const columns = Math.max(Math.floor((box.width - u(28)) / characterWidth), 1);
  const rows = Math.max(Math.floor((box.height - u(48)) / lineHeight), 1);
  // The end of the text (with a caret) shows: the lines that fit, wrapped at the box's width.
  const lines = wrapLines(`${text}▏`, columns).slice(-rows);
  context.fillStyle = "#ffffff";
  lines.forEach((line, index) => {
    context.fillText(line, box.x + u(14), box.y + u(44) + index * lineHeight);
  });
}

/** Splits text at newlines and every `columns` characters (the font is monospaced). */
export function wrapLines(text: string, columns: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const characters = Array.from(paragraph);
    if (characters.length === 0) lines.push("");
    for (let start = 0; start < characters.length; start += columns) {
      lines.push(characters.slice(start, start + columns).join(""));
    }
  }
  return lines;
}

/** The text, shortened with an ellipsis until it fits the width. */
export function fitText(context: SKRSContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  const characters = Array.from(text);
  while (characters.length > 1) {
    characters.pop();
    const shortened = `${characters.join("")}…`;
    if (context.measureText(shortened).width <= width) return shortened;
  }
  return "…";
}

/** Where the camera's picture shows: the typed text box's lower right corner, its aspect kept. */
export function cameraBox(textBox: Rect, picture: Image, u: (value: number) => number): Rect {
  const width = Math.min(u(240), textBox.width - u(28));
  const height = Math.min(
    Math.round((width * picture.height) / Math.max(picture.width, 1)),
    Math.max(textBox.height - u(60), u(40)),
  );
  return {
    x: textBox.x + textBox.width - width - u(12),
    y: textBox.y + textBox.height - height - u(12),
    width,
    height,
  };
}

/** The camera's picture, scaled into its box, framed. */
export function paintCamera(
  context: SKRSContext2D,
  picture: Image,
  box: Rect,
  u: (value: number) => number,
): void {
  context.drawImage(picture, box.x, box.y, box.width, box.height);
  context.strokeStyle = "#ffffff";
  context.lineWidth = Math.max(u(2), 1);
  context.strokeRect(box.x + 1, box.y + 1, box.width - 2, box.height - 2);
}
