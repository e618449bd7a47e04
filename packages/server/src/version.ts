import { readFileSync } from "node:fs";

/** The dashboard's version: the repository's package version. */
export const dashboardVersion = (
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
