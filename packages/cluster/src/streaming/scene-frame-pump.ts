import { FramePump, type FrameSink } from "./frame-pump.ts";
import type { MediaPipelineSpec } from "./media-pipeline-spec.ts";
import type { ScreenRenderer } from "./screen-renderer.ts";
import { buildScene } from "./screen-scene.ts";

/** A frame pump at the screen's rate that draws the device's scene with `renderer`. */
export function sceneFramePump(
  spec: MediaPipelineSpec,
  renderer: ScreenRenderer,
  sink: FrameSink,
  afterRender: () => void = () => undefined,
): FramePump {
  return new FramePump(
    spec.fps,
    (frameNumber, now) => {
      const frame = renderer.render(
        buildScene({
          width: spec.width,
          height: spec.height,
          fps: spec.fps,
          density: spec.density,
          instanceName: spec.instanceName,
          source: spec.source,
          screen: spec.screen,
          scale: spec.scale,
          now,
          frameNumber,
        }),
      );
      afterRender();
      return frame;
    },
    sink,
  );
}
