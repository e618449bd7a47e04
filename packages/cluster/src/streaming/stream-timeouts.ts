// How long a stream's steps may take, and how much a client may queue (stream-session.ts).

/** The SDK gives the whole signaling phase five minutes. */
export const signalingTimeoutMs = 5 * 60_000;
/** After the websocket closes, the peer has this long to finish connecting. */
export const connectGraceMs = 10_000;
/** ICE disconnected this long means the client is gone (the SDK's own threshold). */
export const disconnectedGraceMs = 10_000;
/** How long the websocket's closing handshake may take before the socket is cut. */
export const socketCloseTimeoutMs = 2_000;
/** Candidates held until the answer arrives; a client sending more is not a browser. */
export const maxQueuedCandidates = 64;
