import { describe, expect, it } from "vitest";
import { chunkLoadAttempts, loadWithRetry } from "./lazy-with-retry.ts";

describe("loadWithRetry", () => {
  it("retries a failing load with growing waits and returns the first success", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await loadWithRetry(
      () => {
        calls++;
        return calls < 3 ? Promise.reject(new Error("chunk failed")) : Promise.resolve("page");
      },
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    expect(result).toBe("page");
    expect(calls).toBe(3);
    expect(waits).toEqual([300, 600]);
  });

  it("gives up after five attempts with the last error", async () => {
    let calls = 0;
    const waits: number[] = [];
    await expect(
      loadWithRetry(
        () => {
          calls++;
          return Promise.reject(new Error(`failure ${calls}`));
        },
        (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      ),
    ).rejects.toThrow("failure 5");
    expect(calls).toBe(chunkLoadAttempts);
    expect(waits).toEqual([300, 600, 900, 1200]);
  });
});
