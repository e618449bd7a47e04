import type { StreamScreen } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { Orientation } from "../streaming/orientation.ts";

/** The screen a join asks for: any field may be left out (the SDK's join sends width and height). */
export interface RequestedScreen {
  width?: number | undefined;
  height?: number | undefined;
  fps?: number | undefined;
  density?: number | undefined;
}

/**
 * What becomes of the screen a join asks for. A virtual device keeps the display its instance was
 * created with, so a join may ask for that screen, or for it held the other way round (the
 * streaming SDK's connector asks for 1280x720 by default), which turns the device; anything else
 * is refused, saying what the session's screen is. Answers the orientation to turn the device to,
 * if any.
 */
export function applyJoinScreen(
  session: StreamScreen,
  requested: RequestedScreen | undefined,
): Orientation | undefined {
  if (requested === undefined) return undefined;
  const { width, height, fps, density } = requested;
  const size = `${String(session.width)}x${String(session.height)}`;
  const refuse = (what: string): never => {
    throw new HttpError(
      400,
      `screen: this session's screen is ${size} at ${String(session.fps)} fps and ${String(session.density)} dpi, and a join cannot change ${what}: ask for ${size}, or ${String(session.height)}x${String(session.width)} to hold it the other way round`,
    );
  };
  if (fps !== undefined && fps !== session.fps) refuse("its frame rate");
  if (density !== undefined && density !== session.density) refuse("its density");
  if (width === undefined && height === undefined) return undefined;
  const upright = session.width <= session.height;
  if ((width ?? session.width) === session.width && (height ?? session.height) === session.height) {
    return upright ? "portrait" : "landscape";
  }
  if ((width ?? session.height) === session.height && (height ?? session.width) === session.width) {
    return upright ? "landscape" : "portrait";
  }
  return refuse("its size");
}
