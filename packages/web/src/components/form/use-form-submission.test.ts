import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { ApiError } from "../../api/api-fetch.ts";
import { useFormSubmission } from "./use-form-submission.ts";

/** Sends `request` through the hook; the key it was given, and whether the call failed. */
async function sendWith(
  submission: ReturnType<typeof useFormSubmission>,
  request: unknown,
  outcome: Error | undefined,
): Promise<string> {
  let used = "";
  await act(() =>
    submission.send(request, (key) => {
      used = key;
      return outcome === undefined ? Promise.resolve() : Promise.reject(outcome);
    }),
  );
  return used;
}

describe("useFormSubmission", () => {
  it("sends a retry of an unanswered request with its key, anything else with a new one", async () => {
    const { result } = renderHook(() => useFormSubmission({ endsForm: false }));
    const lost = new ApiError(0, "The dashboard server cannot be reached.");
    const first = await sendWith(result.current, { name: "a" }, lost);
    // The same request again, after no answer: the same key (the server may have made it).
    expect(await sendWith(result.current, { name: "a" }, lost)).toBe(first);
    // Another request: a new key.
    const other = await sendWith(result.current, { name: "b" }, new ApiError(400, "Bad name"));
    expect(other).not.toBe(first);
    // After an answer (here a refusal), the same request is a new submission.
    expect(await sendWith(result.current, { name: "b" }, undefined)).not.toBe(other);
  });

  it("keeps the key while what became of the request is unknown: still handled, or a proxy's error", async () => {
    const { result } = renderHook(() => useFormSubmission({ endsForm: false }));
    const lost = await sendWith(result.current, { name: "c" }, new ApiError(0, "lost"));
    // The retry finds the first attempt still running (its answer was lost): same key after.
    const running = new ApiError(409, "This was sent already and is still being handled");
    expect(await sendWith(result.current, { name: "c" }, running)).toBe(lost);
    expect(await sendWith(result.current, { name: "c" }, new ApiError(504, "Timeout"))).toBe(lost);
    expect(await sendWith(result.current, { name: "c" }, undefined)).toBe(lost);
    // Answered: the next one is a new submission.
    expect(await sendWith(result.current, { name: "c" }, undefined)).not.toBe(lost);
  });

  it("tells files apart by name, size and date", async () => {
    const { result } = renderHook(() => useFormSubmission({ endsForm: false }));
    const lost = new ApiError(0, "lost");
    const apk = (text: string) => new File([text], "app.apk", { lastModified: 1 });
    const first = await sendWith(result.current, { apk: apk("one") }, lost);
    expect(await sendWith(result.current, { apk: apk("one") }, lost)).toBe(first);
    expect(await sendWith(result.current, { apk: apk("three") }, lost)).not.toBe(first);
  });

  it("drops a submit while one is under way, and every submit once a form-ending one succeeded", async () => {
    const { result } = renderHook(() => useFormSubmission({ endsForm: true }));
    let runs = 0;
    let answer: () => void = () => undefined;
    const handler = result.current.guard(async () => {
      runs += 1;
      await result.current.send({}, () => new Promise<void>((resolve) => (answer = resolve)));
    });
    const event = { preventDefault: () => undefined };
    act(() => {
      handler(event);
      handler(event);
    });
    expect(runs).toBe(1);
    expect(result.current.pending).toBe(true);
    await act(async () => {
      answer();
      await Promise.resolve();
    });
    expect(result.current.done).toBe(true);
    act(() => {
      handler(event);
    });
    expect(runs).toBe(1);
  });
});
