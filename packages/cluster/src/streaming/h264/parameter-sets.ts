import { BitReader } from "./bit-reader.ts";
import { unescapeRbsp } from "./bit-writer.ts";

/** What a P slice's header needs of the encoder's sequence and picture parameter sets. */
export interface SliceParameters {
  log2MaxFrameNum: number;
  /** 0 (the count is sent as its low bits) or 2 (derived from frame_num). */
  picOrderCntType: 0 | 2;
  log2MaxPicOrderCntLsb: number;
  bottomFieldPicOrderInFramePresent: boolean;
  deblockingFilterControlPresent: boolean;
  redundantPicCntPresent: boolean;
  widthInMbs: number;
  heightInMbs: number;
}

export const nalTypes = { slice: 1, idr: 5, sps: 7, pps: 8 } as const;

/** Profiles whose SPS carries chroma format and scaling fields (section 7.3.2.1.1). */
const highProfiles = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

type SequenceFields = Omit<
  SliceParameters,
  "bottomFieldPicOrderInFramePresent" | "deblockingFilterControlPresent" | "redundantPicCntPresent"
>;

/** Reads an SPS NAL unit (header byte included). Only what x264 writes for Constrained Baseline. */
export function parseSps(nal: Uint8Array): SequenceFields {
  const reader = new BitReader(unescapeRbsp(nal.subarray(1)));
  const profile = reader.u(8);
  reader.u(16); // constraint flags, level
  reader.ue(); // seq_parameter_set_id
  if (highProfiles.has(profile)) throw new Error(`H.264 profile ${profile} is not supported`);
  const log2MaxFrameNum = reader.ue() + 4;
  const picOrderCntType = reader.ue();
  let log2MaxPicOrderCntLsb = 0;
  if (picOrderCntType === 0) log2MaxPicOrderCntLsb = reader.ue() + 4;
  else if (picOrderCntType !== 2) throw new Error("H.264 pic_order_cnt_type 1 is not supported");
  reader.ue(); // max_num_ref_frames
  reader.u(1); // gaps_in_frame_num_value_allowed_flag
  const widthInMbs = reader.ue() + 1;
  const heightInMbs = reader.ue() + 1;
  if (reader.u(1) !== 1) throw new Error("H.264 field coding is not supported");
  return {
    log2MaxFrameNum,
    picOrderCntType: picOrderCntType === 0 ? 0 : 2,
    log2MaxPicOrderCntLsb,
    widthInMbs,
    heightInMbs,
  };
}

/** Reads a PPS NAL unit, refusing what a P slice of PCM macroblocks cannot follow. */
export function parsePps(nal: Uint8Array): Omit<SliceParameters, keyof SequenceFields> {
  const reader = new BitReader(unescapeRbsp(nal.subarray(1)));
  reader.ue(); // pic_parameter_set_id
  reader.ue(); // seq_parameter_set_id
  if (reader.u(1) !== 0) throw new Error("H.264 CABAC is not supported");
  const bottomFieldPicOrderInFramePresent = reader.u(1) === 1;
  if (reader.ue() !== 0) throw new Error("H.264 slice groups are not supported");
  if (reader.ue() !== 0) throw new Error("H.264 with more than one reference is not supported");
  reader.ue(); // num_ref_idx_l1_default_active_minus1
  if (reader.u(1) !== 0) throw new Error("H.264 weighted prediction is not supported");
  reader.u(2); // weighted_bipred_idc
  reader.se(); // pic_init_qp_minus26
  reader.se(); // pic_init_qs_minus26
  reader.se(); // chroma_qp_index_offset
  const deblockingFilterControlPresent = reader.u(1) === 1;
  reader.u(1); // constrained_intra_pred_flag
  const redundantPicCntPresent = reader.u(1) === 1;
  return {
    bottomFieldPicOrderInFramePresent,
    deblockingFilterControlPresent,
    redundantPicCntPresent,
  };
}
