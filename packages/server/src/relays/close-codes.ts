// Close codes the relay sends the browser. Codes 4000-4999 are free for applications: the relay
// uses 4000 + (HTTP status - 400) for a 4xx answer of the cluster to the upgrade, so that the
// browser, which never sees HTTP statuses of a websocket, still learns why (4003: token refused).

/** 4001 (as a 401): the browser's session ended while its socket was open. */
export const sessionEndedCloseCode = 4001;
/** 4003 (as a 403): the browser's user no longer holds the permission the socket was opened with. */
export const permissionRevokedCloseCode = 4003;
/** 1011: the server cannot carry on (the cluster cannot be reached or ended the stream). */
export const clusterUnavailableCloseCode = 1011;
/** 1008: policy violation; used when the browser reads too slowly (as the cluster does). */
export const slowClientCloseCode = 1008;

/** The close code for a cluster's HTTP answer to the upgrade. */
export function closeCodeForClusterStatus(status: number): number {
  if (status >= 400 && status < 500) return 4000 + (status - 400);
  return clusterUnavailableCloseCode;
}

/** Codes that may be sent in a close frame (1005, 1006 and 1015 only describe what happened). */
export function isSendableCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) ||
    (code >= 3000 && code <= 4999)
  );
}

/** A close reason must fit in 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason, "utf8") > 123) reason = reason.slice(0, -1);
  return reason;
}
