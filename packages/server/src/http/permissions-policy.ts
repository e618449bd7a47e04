/**
 * The browser features the dashboard's pages may use: the stream player's full screen (F),
 * copying a share link to the clipboard, and the device controls beside a stream (issue 39): the
 * clipboard both ways, this browser's location, camera and a phone's motion, each only when the person
 * asks (and the browser asks them where it does). For the dashboard's own origin (also when the stream page is framed by an allowed
 * site, which must delegate them with its iframe's `allow`).
 * Everything else a page could ask the person for is turned off, so that injected or framed
 * content cannot ask either. Muted autoplay, all the player does, needs no permission.
 * Only feature names Chromium knows: an unknown one is reported on every page's console.
 */
const allowedForSelf = [
  "fullscreen",
  "clipboard-write",
  "clipboard-read",
  "geolocation",
  // A phone's own motion, lent to the device (its accelerometer, gyroscope and orientation).
  "accelerometer",
  "gyroscope",
  "magnetometer",
  // This browser's camera, played into the device's.
  "camera",
] as const;

const disabled = [
  "display-capture",
  "encrypted-media",
  "hid",
  "idle-detection",
  "local-fonts",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "window-management",
  "xr-spatial-tracking",
] as const;

export const permissionsPolicy = [
  ...allowedForSelf.map((feature) => `${feature}=(self)`),
  ...disabled.map((feature) => `${feature}=()`),
].join(", ");
