/**
 * The websocket URL to open for `signalingUrl`: an absolute `ws(s)://` URL as it is, an
 * `http(s)://` URL or a path resolved against `base` (the page's address) with http→ws and
 * https→wss, so that a page served over TLS never opens a plain websocket.
 */
export function resolveSignalingUrl(signalingUrl: string, base: string): string {
  const url = new URL(signalingUrl, base);
  if (url.protocol === "http:") url.protocol = "ws:";
  else if (url.protocol === "https:") url.protocol = "wss:";
  else if (url.protocol !== "ws:" && url.protocol !== "wss:") {
    throw new Error(`Not a websocket address: ${signalingUrl}`);
  }
  return url.toString();
}
