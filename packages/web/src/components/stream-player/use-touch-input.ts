import { useCallback, useState, type PointerEvent, type RefObject } from "react";
import { toDevicePoint, type Rotation, type ScreenSize } from "./device-point.ts";
import { TouchSlots } from "./touch-slots.ts";

type Send = (type: string, data: object) => boolean;

/**
 * Pointer events on the video as touches on the device (mouse included: the device is a
 * touch screen). A touch starts only on the picture, follows the pointer (captured, so it keeps
 * coming when the pointer leaves the video; clamped to the screen's edge) and ends on release.
 */
export function useTouchInput(
  videoRef: RefObject<HTMLVideoElement | null>,
  screen: ScreenSize,
  rotation: Rotation,
  send: Send,
) {
  const [slots] = useState(() => new TouchSlots());

  const devicePoint = (event: PointerEvent<HTMLVideoElement>) => {
    const video = videoRef.current;
    if (!video) return undefined;
    return toDevicePoint(
      event.clientX,
      event.clientY,
      video.getBoundingClientRect(),
      screen,
      rotation,
    );
  };

  const onPointerDown = (event: PointerEvent<HTMLVideoElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const point = devicePoint(event);
    if (!point?.inside) return;
    const slot = slots.acquire(event.pointerId);
    if (slot === undefined) return;
    event.preventDefault();
    const video = event.currentTarget;
    // jsdom has no pointer capture; browsers all do.
    if ("setPointerCapture" in video) video.setPointerCapture(event.pointerId);
    send("input::touch-start", { id: slot, x: point.x, y: point.y });
  };

  const onPointerMove = (event: PointerEvent<HTMLVideoElement>) => {
    const slot = slots.slotOf(event.pointerId);
    if (slot === undefined) return;
    const point = devicePoint(event);
    if (!point) return;
    send("input::touch-move", { id: slot, x: point.x, y: point.y });
  };

  const onPointerEnd = (event: PointerEvent<HTMLVideoElement>) => {
    const released = slots.release(event.pointerId);
    if (!released) return;
    send("input::touch-end", { id: released.slot, last: released.last });
  };

  /** Lifts every touch still down (the stream is going away). */
  const releaseAll = useCallback(() => {
    for (const released of slots.releaseAll()) {
      send("input::touch-end", { id: released.slot, last: released.last });
    }
  }, [slots, send]);

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onLostPointerCapture: onPointerEnd,
    },
    releaseAll,
  };
}
