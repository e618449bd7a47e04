import type { NetworkShaper } from "./network-shaper.ts";
import { endsFrame } from "./rtp-marker.ts";
import {
  MediaStream,
  MediaStreamTrack,
  RTCPeerConnection,
  useOPUS,
  type RTCRtpTransceiver,
} from "werift";
import { playoutDelayExtension } from "./playout-delay.ts";
import { codecParameters, type VideoCodec } from "./video-codecs.ts";

export interface StreamPeerSpec {
  instanceId: string;
  width: number;
  height: number;
  fps: number;
  /** The codecs to offer or accept, most wanted first. */
  codecs: VideoCodec[];
  /** Host addresses werift does not gather by itself (loopback). */
  iceAddresses: string[];
  stunServers: { urls: string[] }[];
  /** The viewer's side of the device's network: every packet sent goes through it. */
  shaper: NetworkShaper;
}

export interface SendingTrack {
  transceiver: RTCRtpTransceiver;
  track: MediaStreamTrack;
  /** Sends an RTP packet on the track, through the viewer's link (network-shaper.ts). */
  write: (packet: Buffer) => void;
  /**
   * The next packet written starts a new source's numbering (a new encoder): werift is told as
   * that packet leaves the link, not before, so that packets of the old source still queued keep
   * their numbers.
   */
  sourceChanged: () => void;
  /**
   * Whether the viewer's link has room for a frame now: a pipeline leaves a frame out at its
   * source when it has none (network-shaper.ts), so that every frame that is sent decodes.
   */
  admits: () => boolean;
}

/**
 * A stream id above any the client will pick for its own channels. The client creates `control`
 * (and its own channels) before it sees the offer; they only open if the offer has a data
 * section, and werift writes one only once a channel exists. A pre-negotiated channel gives the
 * offer its data section without announcing anything to the client (no DCEP open is sent for it).
 */
const dataSectionChannelId = 1023;

/**
 * The device's side of the WebRTC connection: the peer and the tracks it sends, video and the
 * device's sound. It makes the offer (signaling API v2) or answers the client's (API v1).
 */
export class StreamPeer {
  readonly connection: RTCPeerConnection;
  video: SendingTrack | undefined;
  audio: SendingTrack | undefined;
  private readonly instanceId: string;
  private readonly shaper: NetworkShaper;

  constructor(spec: StreamPeerSpec) {
    this.instanceId = spec.instanceId;
    this.shaper = spec.shaper;
    this.connection = new RTCPeerConnection({
      codecs: {
        video: spec.codecs.map((codec) => codecParameters(codec, spec)),
        audio: [useOPUS()],
      },
      headerExtensions: { video: [playoutDelayExtension()], audio: [] },
      iceServers: spec.stunServers.map((server) => ({ urls: server.urls })),
      iceAdditionalHostAddresses: spec.iceAddresses,
      // One transport for video, audio and data from the start. With werift's default policy
      // each section gathers its own sockets, and those of the sections bundled away are never
      // closed (a leak of three UDP sockets per stream, seen with werift 0.25).
      bundlePolicy: "max-bundle",
    });
  }

  /** API v2: the offer of the tracks the client's settings asked for, with a data section. */
  async offer(wanted: { video: boolean; audio: boolean }): Promise<string> {
    if (wanted.video) this.video = this.addSender("video");
    if (wanted.audio) this.audio = this.addSender("audio");
    this.connection.createDataChannel("anbox-data-section", {
      negotiated: true,
      id: dataSectionChannelId,
    });
    await this.connection.setLocalDescription(await this.connection.createOffer());
    const sdp = this.connection.localDescription?.sdp;
    if (!sdp) throw new Error("the peer produced no offer");
    return sdp;
  }

  /**
   * API v1: answers the client's offer, sending video and sound on the first m-line of each kind
   * that the client receives on (its direction recvonly or sendrecv; the SDK makes the audio
   * line inactive when it plays no sound, and may add a sendonly video line for its camera).
   */
  async answer(offerSdp: string): Promise<string> {
    await this.connection.setRemoteDescription({ type: "offer", sdp: offerSdp });
    const receiving = midsReceivingIn(offerSdp);
    for (const transceiver of this.connection.getTransceivers()) {
      const kind = transceiver.kind;
      if (kind !== "video" && kind !== "audio") continue;
      if (this[kind] || transceiver.mid == null || !receiving.has(transceiver.mid)) continue;
      const track = new MediaStreamTrack({ kind });
      await transceiver.sender.replaceTrack(track);
      transceiver.sender.setStreams([this.streamOf(kind)]);
      transceiver.setDirection("sendonly");
      this[kind] = this.sending(transceiver, track);
    }
    await this.connection.setLocalDescription(await this.connection.createAnswer());
    const sdp = this.connection.localDescription?.sdp;
    if (!sdp) throw new Error("the peer produced no answer");
    return sdp;
  }

  private addSender(kind: "video" | "audio"): SendingTrack {
    const track = new MediaStreamTrack({ kind });
    const transceiver = this.connection.addTransceiver(track, {
      direction: "sendonly",
      streams: [this.streamOf(kind)],
    });
    return this.sending(transceiver, track);
  }

  private sending(transceiver: RTCRtpTransceiver, track: MediaStreamTrack): SendingTrack {
    const { shaper } = this;
    // Each new source is a generation; the first of its packets that leaves the link tells
    // werift (packets of an older one still queued do not, nor do those lost on the way).
    let generation = 0;
    let told = 0;
    const sourceChanged = () => {
      generation++;
    };
    const sendOf = (packet: Buffer) => {
      const of = generation;
      return () => {
        if (of > told) {
          told = of;
          track.notifySourceChanged({
            sequenceNumber: packet.readUInt16BE(2),
            timestamp: packet.readUInt32BE(4),
          });
        }
        track.writeRtp(packet);
      };
    };
    if (track.kind !== "video") {
      return {
        transceiver,
        track,
        sourceChanged,
        admits: () => shaper.admits(),
        write: (packet) => {
          shaper.send(packet.length, sendOf(packet));
        },
      };
    }
    // Video goes through the link a frame at a time: let in whole or left out whole.
    let frameStarts = true;
    let admitted = true;
    return {
      transceiver,
      track,
      sourceChanged,
      admits: () => shaper.admits(),
      write: (packet) => {
        if (frameStarts) admitted = shaper.admits();
        frameStarts = endsFrame(packet);
        if (!admitted) {
          shaper.drop();
          return;
        }
        shaper.send(packet.length, sendOf(packet), true);
      },
    };
  }

  /**
   * A stream id puts an msid in the SDP, so that a browser's track event carries a stream (the
   * SDK plays `event.streams[0]`); one stream a kind, as it plays them in separate elements.
   */
  private streamOf(kind: "video" | "audio"): MediaStream {
    return new MediaStream({ id: `anbox-${kind}-${this.instanceId}` });
  }
}

/** The mids of an SDP's media sections that receive: open (port not 0), recvonly or sendrecv. */
export function midsReceivingIn(sdp: string): Set<string> {
  const mids = new Set<string>();
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    const port = /^\w+ (\d+)/.exec(section)?.[1];
    const mid = /^a=mid:(\S+)/m.exec(section)?.[1];
    const direction =
      /^a=(sendrecv|sendonly|recvonly|inactive)\s*$/m.exec(section)?.[1] ?? "sendrecv";
    if (port === "0" || mid === undefined) continue;
    if (direction === "recvonly" || direction === "sendrecv") mids.add(mid);
  }
  return mids;
}
