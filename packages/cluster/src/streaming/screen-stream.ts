import { H264ScreenStream } from "./h264-screen-stream.ts";
import { MediaPipeline } from "./media-pipeline.ts";
import type { MediaPipelineSpec, ScreenStream } from "./media-pipeline-spec.ts";

/** Starts the screen's stream in the negotiated codec: H.264 from its changes, VP8 by ffmpeg. */
export function startScreenStream(spec: MediaPipelineSpec): Promise<ScreenStream> {
  return spec.codec === "H264" ? H264ScreenStream.start(spec) : MediaPipeline.start(spec);
}
