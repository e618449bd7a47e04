import { describe, expect, it } from "vitest";
import { planBulkAction, type BulkRules } from "./bulk-plan.ts";

interface Door {
  id: string;
  name: string;
  open: boolean;
}
const rules: BulkRules<Door, "open" | "close"> = {
  key: (door) => door.id,
  name: (door) => door.name,
  whyNot: (action, door) => {
    if (action === "open" && door.open) return "Already open.";
    if (action === "close" && !door.open) return "Already closed.";
    return undefined;
  },
};
const doors: Door[] = [
  { id: "1", name: "front", open: false },
  { id: "2", name: "back", open: true },
  { id: "3", name: "garage", open: false },
];

describe("planBulkAction", () => {
  it("splits the selection into what the action applies to and what it leaves out, and why", () => {
    const plan = planBulkAction(rules, "open", doors);
    expect(plan.action).toBe("open");
    expect(plan.applicable.map((door) => door.name)).toEqual(["front", "garage"]);
    expect(plan.leftOut).toEqual([{ key: "2", name: "back", reason: "Already open." }]);
    expect(planBulkAction(rules, "close", doors).applicable.map((door) => door.name)).toEqual([
      "back",
    ]);
  });
});
