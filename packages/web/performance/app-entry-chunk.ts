import type { Rollup } from "vite";

/** The app's entry chunk in a build's output (index.html's script); the build fails without one. */
export function appEntryChunk(bundle: Rollup.OutputBundle): Rollup.OutputChunk {
  const entry = Object.values(bundle).find(
    (output) => output.type === "chunk" && output.isEntry && output.name === "index",
  );
  if (entry?.type !== "chunk") throw new Error("the build has no index entry");
  return entry;
}
