import { describe, expect, it } from "vitest";
import type { GroupQuota } from "@anbox-dashboard/contract";
import { quotaBlocks } from "./QuotaForInstance.tsx";

const none = {
  instances: 0,
  running_instances: 0,
  concurrent_streams: 0,
  cpus: 0,
  memory: 0,
  gpu_slots: 0,
  disk: 0,
};
const testers: GroupQuota = {
  group: "testers",
  fromProvider: false,
  lines: [
    { key: "running_instances", value: 2, cluster: null, used: 2 },
    { key: "cpus", value: 8, cluster: "lab", used: 6 },
  ],
  totals: none,
};
const size = { cpus: 2, memory: 3e9, disk_size: 3e9, "gpu-slots": 0, "vpu-slots": 0 };

describe("which create buttons a quota blocks", () => {
  it("blocks Create and start at the running limit, and leaves Create (stopped)", () => {
    expect(quotaBlocks([testers], "other", size)).toEqual({
      create: undefined,
      start:
        "Quota reached: Group testers may have 2 running instances over all clusters and has 2 running instances.",
    });
  });

  it("counts sizes on the cluster a limit names only", () => {
    const larger = { ...size, cpus: 4 };
    expect(quotaBlocks([testers], "lab", larger).create).toBe(
      "Quota reached: Group testers may have 8 CPU cores on cluster lab and has 6 CPU cores.",
    );
    expect(quotaBlocks([testers], "other", larger).create).toBeUndefined();
    expect(quotaBlocks([testers], "lab", size).create).toBeUndefined();
  });

  it("blocks nothing for a group without limits", () => {
    expect(quotaBlocks([{ ...testers, lines: [] }], "lab", size)).toEqual({
      create: undefined,
      start: undefined,
    });
  });
});
