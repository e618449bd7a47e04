import { loadImage, type Image } from "@napi-rs/canvas";
import { HttpError } from "@anbox-dashboard/http-kit";
import { cameraJpegMaxBytes, cameraMaxSide } from "@anbox-dashboard/contract";

/**
 * The width and height a JPEG says it has (its frame header, SOF0 to SOF15 but for DHT, JPG and
 * DAC), read before anything is decoded: a small file that claims a huge picture is refused
 * rather than given the memory it asks for. Undefined when it is not a JPEG.
 */
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

/**
 * The camera's picture from a base64 JPEG: checked (a JPEG, of a size the camera takes, that
 * decodes) and decoded from the bytes alone (never a path or a URL). Refused with a 400 that
 * says what is wrong.
 */
export async function decodeCameraPicture(base64: string): Promise<Image> {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > cameraJpegMaxBytes) {
    throw new HttpError(
      400,
      `Invalid camera picture: at most ${String(cameraJpegMaxBytes / 1024)} KB`,
    );
  }
  const size = jpegSize(bytes);
  if (size === undefined) throw new HttpError(400, "Invalid camera picture: not a JPEG");
  if (
    size.width < 1 ||
    size.height < 1 ||
    size.width > cameraMaxSide ||
    size.height > cameraMaxSide
  ) {
    throw new HttpError(
      400,
      `Invalid camera picture: ${String(size.width)}×${String(size.height)} pixels; at most ${String(cameraMaxSide)} a side`,
    );
  }
  try {
    return await loadImage(bytes);
  } catch {
    throw new HttpError(400, "Invalid camera picture: the JPEG cannot be decoded");
  }
}
