// A Vitest reporter (vitest.config.ts): after a run, the ten test files that took longest, each
// with its preparation, import and tests, so that a slow suite says where its time went. Then,
// last, what failed (the failed tests by name, the errors raised outside any test, with their
// stacks): Vitest prints them before its summary, and a CI log that keeps only its tail would
// otherwise say that something failed without saying what.
import type { SerializedError } from "vitest";
import type { Reporter, TestModule } from "vitest/node";

const shown = 10;
const stackLines = 12;

export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(
    testModules: readonly TestModule[],
    unhandledErrors: readonly SerializedError[],
  ): void {
    printSlowest(testModules);
    printFailures(testModules, unhandledErrors);
  }
}

function printSlowest(testModules: readonly TestModule[]): void {
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

function printFailures(
  testModules: readonly TestModule[],
  unhandledErrors: readonly SerializedError[],
): void {
  const failed: string[] = [];
  for (const module of testModules) {
    const where = `${module.project.name}: ${module.relativeModuleId}`;
    for (const error of module.errors()) failed.push(`${where}\n${describe(error)}`);
    for (const test of module.children.allTests("failed")) {
      const first = test.result().errors?.[0];
      failed.push(`${where} > ${test.fullName}${first ? `\n${describe(first)}` : ""}`);
    }
  }
  if (failed.length > 0) console.log(`\nFailed (${String(failed.length)}):\n${failed.join("\n")}`);
  if (unhandledErrors.length === 0) return;
  console.log(`\nErrors outside any test (${String(unhandledErrors.length)}):`);
  for (const error of unhandledErrors) console.log(describe(error));
  // A worker that dies (a crash, a signal) takes its file with it: name the files that never
  // finished, since the error itself does not.
  const unfinished = testModules
    .filter((module) => !["passed", "failed", "skipped"].includes(module.state()))
    .map((module) => `  ${module.project.name}: ${module.relativeModuleId} (${module.state()})`);
  if (unfinished.length > 0) console.log(`Unfinished files:\n${unfinished.join("\n")}`);
}

/**
 * An error's stack without Vitest's own frames (or its name and message where it has none), and
 * the test file and test it was raised in, where Vitest knows them.
 */
function describe(error: SerializedError): string {
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => !line.includes("/node_modules/"))
    .slice(0, stackLines);
  const text =
    frames.length > 0 && frames[0] !== ""
      ? frames.join("\n")
      : `${error.name ?? "Error"}: ${error.message}`;
  const origin = [error.VITEST_TEST_PATH, error.VITEST_TEST_NAME].filter(
    (part): part is string => typeof part === "string",
  );
  const facts = ["code", "errno", "syscall", "signal", "exitCode"]
    .filter((key) => error[key] !== undefined)
    .map((key) => `${key}=${String(error[key])}`);
  const withFacts = facts.length > 0 ? `${text}\n    (${facts.join(", ")})` : text;
  const raised =
    origin.length > 0 ? `${withFacts}\n    (raised in ${origin.join(" > ")})` : withFacts;
  // Vitest's pool errors say what happened only in their cause ("Worker exited unexpectedly", an
  // exit code or signal, a spawn's errno): print the chain.
  const cause = causeOf(error.cause);
  if (cause === undefined) return raised;
  // Vitest's serialised causes may already carry the words.
  return `${raised}\n${cause.startsWith("Caused by:") ? cause : `Caused by: ${cause}`}`;
}

/** An error's cause as the report says it: an error's description, or a thrown value's text. */
function causeOf(cause: unknown): string | undefined {
  if (cause === undefined || cause === null) return undefined;
  if (typeof cause === "object" && "message" in cause) return describe(cause as SerializedError);
  return typeof cause === "string" ? cause : JSON.stringify(cause);
}
