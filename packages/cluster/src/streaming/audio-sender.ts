import { randomInt } from "node:crypto";
import { frameSamples, type DeviceSoundName, type DeviceSounds } from "./device-sounds.ts";

const frameMs = 20;
/** The dynamic payload type written; werift re-stamps it with the negotiated one. */
const opusPayloadType = 111;
/** Further behind than this (a stalled event loop), the sender skips ahead rather than bursts. */
const maxCatchUpFrames = 5;
/** In silence, one packet in this many (400 ms apart), as WebRTC's own Opus senders do in DTX. */
const dtxEveryFrames = 20;

/**
 * Sends the device's sound into a werift audio track: an Opus packet every 20 ms while a sound
 * plays. Silence is sent as Opus discontinuous transmission (DTX, RFC 7587 section 3.1.3): a frame
 * of silence, then a packet of just the table-of-contents byte (a frame of no data) every 400 ms,
 * the timestamps going on meanwhile; the receiver plays silence in between. A device is silent
 * nearly all the time, and fifty packets a second to encrypt, send, decrypt and decode for each
 * stream cost both ends more than its video's frames do. The schedule is kept against the clock like the frame pump's; frames the
 * process was too late for are skipped and their time left out, so the receiver hears a gap (as
 * after a lost packet) instead of a burst.
 */
export class AudioSender {
  private readonly write: (packet: Buffer) => void;
  private readonly sounds: DeviceSounds;
  /** The DTX packet: a frame of no data. */
  private readonly noData: Buffer;
  private readonly ssrc = randomInt(1, 0xffffffff);
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0xffffffff);
  private playing: Buffer[] = [];
  private talking = false;
  /** Frames of silence since the last sound (0: the next silent frame is the first). */
  private silentFrames = 0;
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private tick = 0;
  packetsSent = 0;

  /** `write` sends a packet on the audio track (through the viewer's link: network-shaper.ts). */
  constructor(write: (packet: Buffer) => void, sounds: DeviceSounds) {
    this.write = write;
    this.sounds = sounds;
    // The silence frame's table-of-contents byte with "one frame" (code 0) and no frame after it.
    this.noData = Buffer.from([(sounds.silence[0] ?? 0) & 0xfc]);
  }

  start(): void {
    if (this.timer) return;
    this.startedAt = performance.now();
    this.tick = 0;
    this.step();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Plays a sound from the next frame on, cutting short the one playing. */
  play(name: DeviceSoundName): void {
    this.playing = [...this.sounds.clips[name]];
  }

  private step(): void {
    const due = Math.floor((performance.now() - this.startedAt) / frameMs) + 1;
    if (due - this.tick > maxCatchUpFrames) {
      const skipped = due - this.tick - 1;
      this.timestamp = (this.timestamp + skipped * frameSamples) >>> 0;
      this.tick = due - 1;
    }
    while (this.tick < due) {
      this.sendFrame(this.playing.shift());
      this.tick++;
    }
    const delay = Math.max(0, this.startedAt + this.tick * frameMs - performance.now());
    this.timer = setTimeout(() => {
      this.step();
    }, delay);
  }

  private sendFrame(sound: Buffer | undefined): void {
    if (sound !== undefined) {
      this.silentFrames = 0;
      this.send(sound, true);
      return;
    }
    const position = this.silentFrames++;
    if (position === 0) {
      this.send(this.sounds.silence, false);
    } else if (position % dtxEveryFrames === 0) {
      this.send(this.noData, false);
    } else {
      this.timestamp = (this.timestamp + frameSamples) >>> 0;
    }
  }

  private send(payload: Buffer, sound: boolean): void {
    const header = Buffer.alloc(12);
    header[0] = 0x80; // Version 2, no padding, no extension, no CSRC.
    // The marker bit starts a talkspurt (RFC 3551 section 4.1): the first packet of a sound.
    const starts = sound && !this.talking;
    header[1] = (starts ? 0x80 : 0) | opusPayloadType;
    header.writeUInt16BE(this.sequence, 2);
    header.writeUInt32BE(this.timestamp, 4);
    header.writeUInt32BE(this.ssrc, 8);
    this.talking = sound;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + frameSamples) >>> 0;
    this.write(Buffer.concat([header, payload]));
    this.packetsSent++;
  }
}
