// A Vitest reporter (vitest.config.ts): after a run, the ten test files that took longest, each
// with its preparation, import and tests, so that a slow suite says where its time went.
import type { Reporter, TestModule } from "vitest/node";

const shown = 10;

export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const files = testModules.map((module) => {
      const times = module.diagnostic();
      const ms =
        times.environmentSetupDuration +
        times.prepareDuration +
        times.collectDuration +
        times.setupDuration +
        times.duration;
      return { name: `${module.project.name}: ${module.relativeModuleId}`, ms };
    });
    files.sort((a, b) => b.ms - a.ms);
    const lines = files
      .slice(0, shown)
      .map((file) => `  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
    console.log(`\nSlowest test files (of ${String(files.length)}):\n${lines.join("\n")}`);
  }
}
