import { BitWriter, escapeRbsp } from "./bit-writer.ts";
import type { SliceParameters } from "./parameter-sets.ts";

/** A frame as the renderer keeps it: yuv420p planes Y, U, V, each row `width` (or half) long. */
export interface Yuv420Frame {
  data: Uint8Array;
  width: number;
  height: number;
}

/** nal_ref_idc 2 (the frame is a reference for the next), nal_unit_type 1 (a non-IDR slice). */
const sliceNalHeader = 0x41;
/** slice_type 5: P, and every slice of the picture is P. */
const pSliceType = 5;
/** mb_type of I_PCM in a P slice: the 25 intra types follow the 5 inter ones (table 7-13, 7-11). */
const pcmInPSlice = 30;
/** Bytes of a PCM macroblock: 16x16 luma, two 8x8 chroma. */
const pcmBytes = 384;

/**
 * A P slice that repeats the reference picture except for the macroblocks marked in `coded`,
 * which carry their samples as they are (I_PCM). The screen of a virtual device changes a few
 * macroblocks a frame (a clock, a counter, a finger's trail): the device sends those exactly and
 * skips the rest, and a frame costs it some microseconds instead of an encoder's pass over the
 * whole picture. A sample of 0 is sent as 1 (older decoders refuse a PCM sample of 0).
 */
export function pcmSlice(
  frame: Yuv420Frame,
  coded: Uint8Array,
  frameNum: number,
  parameters: SliceParameters,
): Buffer {
  const writer = new BitWriter(64 + countCoded(coded) * (pcmBytes + 4));
  writer.ue(0); // first_mb_in_slice
  writer.ue(pSliceType);
  writer.ue(0); // pic_parameter_set_id
  writer.u(frameNum & ((1 << parameters.log2MaxFrameNum) - 1), parameters.log2MaxFrameNum);
  if (parameters.picOrderCntType === 0) {
    const lsb = (2 * frameNum) & ((1 << parameters.log2MaxPicOrderCntLsb) - 1);
    writer.u(lsb, parameters.log2MaxPicOrderCntLsb);
    if (parameters.bottomFieldPicOrderInFramePresent) writer.se(0);
  }
  if (parameters.redundantPicCntPresent) writer.ue(0);
  writer.u(0, 1); // num_ref_idx_active_override_flag
  writer.u(0, 1); // ref_pic_list_modification_flag_l0
  writer.u(0, 1); // adaptive_ref_pic_marking_mode_flag (sliding window)
  writer.se(0); // slice_qp_delta
  if (parameters.deblockingFilterControlPresent) writer.ue(1); // no deblocking: samples stay exact

  const samples = Buffer.alloc(pcmBytes);
  let skipped = 0;
  for (let mb = 0; mb < parameters.widthInMbs * parameters.heightInMbs; mb++) {
    if (coded[mb] !== 1) {
      skipped++;
      continue;
    }
    writer.ue(skipped);
    skipped = 0;
    writer.ue(pcmInPSlice);
    writer.alignWithZeros();
    readMacroblock(
      frame,
      mb % parameters.widthInMbs,
      Math.floor(mb / parameters.widthInMbs),
      samples,
    );
    writer.bytes(samples);
  }
  if (skipped > 0) writer.ue(skipped);
  const rbsp = writer.finish();
  return Buffer.concat([Buffer.from([sliceNalHeader]), escapeRbsp(rbsp)]);
}

function countCoded(coded: Uint8Array): number {
  let count = 0;
  for (const value of coded) count += value;
  return count;
}

/** The macroblock's samples, luma then Cb then Cr; past the frame's edge, its last row or column. */
function readMacroblock(frame: Yuv420Frame, mbX: number, mbY: number, out: Buffer): void {
  const { data, width, height } = frame;
  const chromaWidth = width >> 1;
  const chromaHeight = height >> 1;
  const uOffset = width * height;
  const vOffset = uOffset + chromaWidth * chromaHeight;
  let at = 0;
  at = copyBlock(data, 0, width, height, mbX * 16, mbY * 16, 16, out, at);
  at = copyBlock(data, uOffset, chromaWidth, chromaHeight, mbX * 8, mbY * 8, 8, out, at);
  copyBlock(data, vOffset, chromaWidth, chromaHeight, mbX * 8, mbY * 8, 8, out, at);
}

function copyBlock(
  data: Uint8Array,
  offset: number,
  planeWidth: number,
  planeHeight: number,
  left: number,
  top: number,
  size: number,
  out: Buffer,
  at: number,
): number {
  let position = at;
  for (let row = 0; row < size; row++) {
    const y = Math.min(top + row, planeHeight - 1);
    for (let column = 0; column < size; column++) {
      const x = Math.min(left + column, planeWidth - 1);
      out[position++] = Math.max(1, data[offset + y * planeWidth + x] ?? 1);
    }
  }
  return position;
}
