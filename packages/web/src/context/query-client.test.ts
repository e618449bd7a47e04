import { describe, expect, it, vi } from "vitest";
import { MutationObserver, QueryObserver, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/api-fetch.ts";
import { mutationToasts, type DashboardMutationMeta } from "./mutation-meta.ts";
import type { Toast } from "./notifications/use-toast.ts";
import { createQueryClient, shouldRetry, toastRelayOf } from "./query-client.ts";

/** A `Toast` that records what it was asked to show. */
function recordingToast() {
  const shown: string[] = [];
  const toast: Toast = {
    success: (title, message) => shown.push(`success: ${title} / ${message ?? ""}`),
    failure: (title, error) =>
      shown.push(`failure: ${title} / ${error instanceof Error ? error.message : String(error)}`),
    info: (title, message) => shown.push(`info: ${title} / ${message ?? ""}`),
    caution: (title, message) => shown.push(`caution: ${title} / ${message ?? ""}`),
  };
  return { toast, shown };
}

function connectedClient() {
  const client = createQueryClient();
  const { toast, shown } = recordingToast();
  toastRelayOf(client)?.connect(toast);
  return { client, shown };
}

interface Input {
  name: string;
}

/** Runs one mutation outside React, as `useMutation` would. */
function run<TData>(
  client: QueryClient,
  mutationFn: (input: Input) => Promise<TData>,
  meta: DashboardMutationMeta,
  input: Input,
  onSuccess?: () => unknown,
): Promise<TData> {
  const observer = new MutationObserver(client, { mutationFn, meta, onSuccess });
  return observer.mutate(input);
}

describe("the QueryClient's mutation meta", () => {
  const toasts = mutationToasts<number, Input>({
    success: (count, { name }) => ({
      kind: "success",
      title: `Started ${name}`,
      message: `${count}`,
    }),
    failure: ({ name }) => `Could not start ${name}`,
  });

  it("shows the success toast built from the result and the variables", async () => {
    const { client, shown } = connectedClient();
    await run(client, () => Promise.resolve(3), { toasts }, { name: "web-1" });
    expect(shown).toEqual(["success: Started web-1 / 3"]);
  });

  it("shows the failure toast titled from the variables, with the error's message", async () => {
    const { client, shown } = connectedClient();
    const failing = () => Promise.reject(new ApiError(409, "The instance is protected."));
    await expect(run(client, failing, { toasts }, { name: "web-2" })).rejects.toThrow();
    expect(shown).toEqual(["failure: Could not start web-2 / The instance is protected."]);
  });

  it("takes a fixed failure title", async () => {
    const { client, shown } = connectedClient();
    const failing = () => Promise.reject(new Error("offline"));
    const meta = { toasts: mutationToasts({ failure: "Could not save" }) };
    await expect(run(client, failing, meta, { name: "x" })).rejects.toThrow();
    expect(shown).toEqual(["failure: Could not save / offline"]);
  });

  it("shows no toast when the mutation declares none, or its builder gives none", async () => {
    const { client, shown } = connectedClient();
    await run(client, () => Promise.resolve(1), {}, { name: "a" });
    await expect(
      run(client, () => Promise.reject(new Error("no")), {}, { name: "a" }),
    ).rejects.toThrow();
    const quiet = mutationToasts<number, Input>({ success: () => undefined });
    await run(client, () => Promise.resolve(1), { toasts: quiet }, { name: "a" });
    expect(shown).toEqual([]);
  });

  it("drops the toasts while no provider is connected, and after it disconnects", async () => {
    const client = createQueryClient();
    await run(client, () => Promise.resolve(1), { toasts }, { name: "early" });
    const { toast, shown } = recordingToast();
    const disconnect = toastRelayOf(client)?.connect(toast);
    await run(client, () => Promise.resolve(2), { toasts }, { name: "connected" });
    disconnect?.();
    await run(client, () => Promise.resolve(3), { toasts }, { name: "late" });
    expect(shown).toEqual(["success: Started connected / 2"]);
  });

  it("refetches the named prefixes after a success, before the mutation's own onSuccess", async () => {
    const { client } = connectedClient();
    // The list's second read answers only when the test says so.
    const { promise: refetchAnswered, resolve: answerRefetch } = Promise.withResolvers<undefined>();
    const listRead = vi.fn(async () => {
      if (listRead.mock.calls.length > 1) await refetchAnswered;
      return listRead.mock.calls.length;
    });
    const listQuery = { queryKey: ["instances", "list"], queryFn: listRead };
    const imagesRead = vi.fn(() => "images");
    await client.query(listQuery);
    await client.query({ queryKey: ["images"], queryFn: imagesRead });
    // An observer keeps the list on screen: an invalidated query on screen refetches.
    const unsubscribe = new QueryObserver(client, listQuery).subscribe(() => undefined);

    const onSuccess = vi.fn(() => client.getQueryData<number>(["instances", "list"]));
    const done = run(
      client,
      () => Promise.resolve(0),
      { invalidates: [["instances"]] },
      { name: "a" },
      onSuccess,
    );
    await vi.waitFor(() => {
      expect(listRead).toHaveBeenCalledTimes(2);
    });
    expect(onSuccess).not.toHaveBeenCalled();
    answerRefetch(undefined);
    await done;
    unsubscribe();
    // The mutation's own onSuccess saw the refetched list.
    expect(onSuccess).toHaveReturnedWith(2);
    expect(imagesRead).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(["images"])?.isInvalidated).toBe(false);
  });

  it("refreshes nothing when the write fails", async () => {
    const { client } = connectedClient();
    await client.query({ queryKey: ["instances", "list"], queryFn: () => 1 });
    await expect(
      run(
        client,
        () => Promise.reject(new Error("refused")),
        { invalidates: [["instances"]] },
        {
          name: "a",
        },
      ),
    ).rejects.toThrow();
    expect(client.getQueryState(["instances", "list"])?.isInvalidated).toBe(false);
  });
});

describe("shouldRetry", () => {
  it("retries what may be transient, twice, and never a client error", () => {
    expect(shouldRetry(0, new ApiError(503, "busy"))).toBe(true);
    expect(shouldRetry(1, new Error("network"))).toBe(true);
    expect(shouldRetry(2, new Error("network"))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, "gone"))).toBe(false);
  });
});
