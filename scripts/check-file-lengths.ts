// `make lint`: no file of ours is over 400 lines, and the README over 250: a longer file holds
// more than one thing (split it by subject, its shared parts in a module of their own), and a
// longer README is a manual (the manuals live in docs/). Files git tracks, of the kinds people
// write; npm's lock file is not ours to shorten.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const written = /\.(ts|tsx|js|mjs|cjs|scss|css|md|sh|yml|yaml|json)$/;
const notOurs = new Set(["package-lock.json"]);
const limits: Record<string, number> = { "README.md": 250 };
const defaultLimit = 400;

const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((path) => written.test(path) && !notOurs.has(path.split("/").at(-1) ?? ""));

const tooLong = tracked.flatMap((path) => {
  const lines = readFileSync(join(root, path), "utf8").split("\n").length - 1;
  const limit = limits[path] ?? defaultLimit;
  return lines > limit ? [`${path}: ${String(lines)} lines (at most ${String(limit)})`] : [];
});

if (tooLong.length > 0) {
  console.error(`check-file-lengths: split these by subject:\n  ${tooLong.join("\n  ")}`);
  process.exit(1);
}
console.log(`check-file-lengths: ${String(tracked.length)} files within their limits`);
