import { MediaStream, MediaStreamTrack, RTCPeerConnection, type RTCRtpTransceiver } from "werift";
import { codecParameters, type VideoCodec } from "./video-codecs.ts";

export interface StreamPeerSpec {
  instanceId: string;
  width: number;
  height: number;
  fps: number;
  /** The codecs to offer, most wanted first. */
  codecs: VideoCodec[];
  enableVideo: boolean;
  /** Host addresses werift does not gather by itself (loopback). */
  iceAddresses: string[];
  stunServers: { urls: string[] }[];
}

/** The device's side of the WebRTC connection: the peer and, with video, its sending track. */
export interface StreamPeer {
  connection: RTCPeerConnection;
  video: { transceiver: RTCRtpTransceiver; track: MediaStreamTrack } | undefined;
}

/**
 * A stream id above any the client will pick for its own channels. The client creates `control`
 * (and its own channels) before it sees the offer; they only open if the offer has a data
 * section, and werift writes one only once a channel exists. A pre-negotiated channel gives the
 * offer its data section without announcing anything to the client (no DCEP open is sent for it).
 */
const dataSectionChannelId = 1023;

export function createStreamPeer(spec: StreamPeerSpec): StreamPeer {
  const connection = new RTCPeerConnection({
    codecs: { video: spec.codecs.map((codec) => codecParameters(codec, spec)) },
    iceServers: spec.stunServers.map((server) => ({ urls: server.urls })),
    iceAdditionalHostAddresses: spec.iceAddresses,
    // One transport for video and data from the start. With werift's default policy each section
    // gathers its own sockets, and those of the section bundled away are never closed (a leak
    // of three UDP sockets per stream, seen with werift 0.25).
    bundlePolicy: "max-bundle",
  });
  let video: StreamPeer["video"];
  if (spec.enableVideo) {
    const track = new MediaStreamTrack({ kind: "video" });
    // A stream id puts an msid in the offer, so that a browser's track event carries a stream.
    const stream = new MediaStream({ id: `anbox-${spec.instanceId}` });
    const transceiver = connection.addTransceiver(track, {
      direction: "sendonly",
      streams: [stream],
    });
    video = { transceiver, track };
  }
  connection.createDataChannel("anbox-data-section", {
    negotiated: true,
    id: dataSectionChannelId,
  });
  return { connection, video };
}
