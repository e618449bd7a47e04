import type { GatewayClient } from "../clusters/gateway-client.ts";
import type { EndReason, LivesBy, SessionWatch } from "../auth/session-watch.ts";
import { cutOffStreamViewer } from "../ams/gateway.ts";

/**
 * The streams that browser sessions watch, each cut off at its gateway when its session ends or
 * its user may stream it no more.
 * One watch per browser session and stream: a newer one replaces the older. A stream's WebRTC
 * media flows from the device straight to the browser, so closing the signaling socket does not
 * stop it: the gateway must. A gateway with viewers cuts that viewer off alone; for one without,
 * the way every gateway offers is the reference's join, which disconnects the stream's existing
 * client (the token it returns is never used and expires).
 */
export class WatchedStreams {
  private readonly sessionWatch: SessionWatch;
  /** Per gateway and stream session: the release of the watching session's hold. */
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
    streams.get(streamSessionId)?.();
    const release = this.sessionWatch.hold(
      sessionId,
      (reason) => {
        if (streams.get(streamSessionId) === release) streams.delete(streamSessionId);
        void cutOffStreamViewer(gateway, streamSessionId, viewerId);
        cutOff(reason);
      },
      livesBy,
    );
    streams.set(streamSessionId, release);
  }
}
