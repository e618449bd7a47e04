import { cameraJpegMaxBytes } from "@anbox-dashboard/contract";

/** What the device's camera is sent at most: a side this long (the device scales it again). */
const pictureMaxSide = 960;
/** A live feed's frames are smaller: several a second go over the stream, each in one message. */
export const feedMaxSide = 480;
export const feedMaxBytes = 48 * 1024;

/**
 * A picture or a video's frame as the device's camera takes it: a JPEG (base64) of at most
 * `maxSide` a side, made smaller until it fits what the camera takes.
 */
export async function jpegOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  maxSide = pictureMaxSide,
  maxBytes = cameraJpegMaxBytes,
): Promise<string> {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw the picture");
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.85, 0.7, 0.5, 0.3]) {
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, "image/jpeg", quality);
    });
    if (blob && blob.size <= maxBytes) return base64Of(await blob.arrayBuffer());
  }
  throw new Error("The picture is too large for the camera even made smaller");
}

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
