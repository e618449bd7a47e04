/** The device a stream shows: which instance, what it runs, and its display. */
export interface StreamScreenSpec {
  instanceId: string;
  instanceName: string;
  /** What the device runs: the application name, or the image name followed by " (image)". */
  source: string;
  width: number;
  height: number;
  fps: number;
  density: number;
  /** Where the device's logs are: its stream writes what the device did there (input, viewers). */
  logsDir?: string;
}
