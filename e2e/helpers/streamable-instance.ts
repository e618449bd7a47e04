import { createInstanceThroughCluster } from "./cluster-api.ts";

/** The virtual display of the instances the streaming tests make: a phone held upright. */
export const streamScreen = { width: 720, height: 1280 };

/**
 * Creates and starts an instance with streaming enabled through the cluster's API (the test
 * fixture of cluster-test.ts deletes it after the test); resolves once it runs. Its display is
 * `streamScreen` unless told.
 */
export async function createStreamableInstance(
  prefix: string,
  screen: { width: number; height: number } = streamScreen,
): Promise<{ id: string; name: string }> {
  const name = `${prefix}-${String(Date.now())}`;
  const { id } = await createInstanceThroughCluster({
    name,
    config: { enable_streaming: true, display: { ...screen, fps: 30, density: 240 } },
  });
  return { id, name };
}
