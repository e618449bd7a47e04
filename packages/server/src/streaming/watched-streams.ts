import type { GatewayClient } from "../clusters/gateway-client.ts";
import type { EndReason, LivesBy, SessionWatch } from "../auth/session-watch.ts";
import { cutOffStreamViewer } from "../ams/gateway.ts";

/**
 * The streams that browser sessions watch, each cut off at its gateway when its session ends or
 * its user may stream it no more.
 * One watch per browser session and stream (a newer one replaces the older); on a gateway without
 * viewers, one per stream, as a join there takes the stream from whoever had it. A stream's WebRTC
 * media flows from the device straight to the browser, so closing the signaling socket does not
 * stop it: the gateway must. A gateway with viewers cuts that viewer off alone; for one without,
 * the way every gateway offers is the reference's join, which disconnects the stream's existing
 * client (the token it returns is never used and expires).
 */
export class WatchedStreams {
  private readonly sessionWatch: SessionWatch;
  /**
   * Per gateway, per stream session and browser session (per stream session alone on a gateway
   * without viewers): the release of the watching session's hold.
   */
  private readonly viewers = new Map<GatewayClient, Map<string, () => void>>();

  constructor(watch: SessionWatch) {
    this.sessionWatch = watch;
  }

  /**
   * Watches a stream for a browser session, while its user holds `livesBy` (when given);
   * `cutOff` hears why, when the dashboard cuts it off.
   */
  watch(
    sessionId: string,
    gateway: GatewayClient,
    streamSessionId: string,
    viewerId: string | undefined,
    livesBy: LivesBy | undefined,
    cutOff: (reason: EndReason) => void = () => undefined,
  ): void {
    let streams = this.viewers.get(gateway);
    if (!streams) {
      streams = new Map();
      this.viewers.set(gateway, streams);
    }
    const key = viewerId === undefined ? streamSessionId : `${streamSessionId}\n${sessionId}`;
    streams.get(key)?.();
    const release = this.sessionWatch.hold(
      sessionId,
      (reason) => {
        if (streams.get(key) === release) streams.delete(key);
        void cutOffStreamViewer(gateway, streamSessionId, viewerId);
        cutOff(reason);
      },
      livesBy,
    );
    streams.set(key, release);
  }
}
