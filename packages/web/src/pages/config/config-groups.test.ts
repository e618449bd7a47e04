import { describe, expect, it } from "vitest";
import type { ConfigKeyView } from "../../api/config.ts";
import { groupConfigKeys, groupOf } from "./config-groups.ts";

const key = (name: string, description = ""): ConfigKeyView => ({
  name,
  value: "",
  type: "string",
  description,
  known: description !== "",
});

describe("groupConfigKeys", () => {
  const keys = [
    key("scheduler.strategy", "Where instances go"),
    key("agent.api.url", "Stream Agent URL"),
    key("agent.api.fingerprint", "Certificate fingerprint"),
    key("vendor-x.feature.flag"),
  ];

  it("groups by what comes before the first dot, in name order", () => {
    expect(groupConfigKeys(keys, "")).toEqual([
      { name: "agent", keys: [keys[2], keys[1]] },
      { name: "scheduler", keys: [keys[0]] },
      { name: "vendor-x", keys: [keys[3]] },
    ]);
    expect(groupOf("nodots")).toBe("nodots");
  });

  it("keeps the keys whose name or description holds the search, in any case", () => {
    expect(groupConfigKeys(keys, "INSTANCES").map((group) => group.name)).toEqual(["scheduler"]);
    expect(groupConfigKeys(keys, " flag ")[0]?.keys).toEqual([keys[3]]);
    expect(groupConfigKeys(keys, "nothing like it")).toEqual([]);
  });
});
