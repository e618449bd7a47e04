// The paths of a cluster's websockets, which the relays open for the browser: its events, an
// operation's fds (a terminal), and a stream's signaling on its gateway.

/** `GET /1.0/events?secret=<token>[&type=...]`: the cluster's events, as the token allows. */
export function eventsSocketPath(search: URLSearchParams): string {
  return `/1.0/events?${search.toString()}`;
}

/** `GET /1.0/operations/{id}/websocket?secret=`: one fd of an exec operation. */
export function operationSocketPath(operationId: string, secret: string): string {
  const query = new URLSearchParams({ secret });
  return `/1.0/operations/${encodeURIComponent(operationId)}/websocket?${query.toString()}`;
}

/** `GET /1.0/session/{id}/sockets/master?token=` on the gateway: a stream's signaling. */
export function signalingSocketPath(sessionId: string, joinToken: string): string {
  const query = new URLSearchParams({ token: joinToken });
  return `/1.0/session/${encodeURIComponent(sessionId)}/sockets/master?${query.toString()}`;
}
