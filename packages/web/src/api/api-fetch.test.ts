import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, ApiError } from "./api-fetch.ts";
import { fetchInstanceLog } from "./instances.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stubs `fetch` with one answer; returns the mock to read the request from. */
function answer(body: string, init: ResponseInit = {}) {
  const fetchMock = vi.fn((_url: URL, _init?: RequestInit) =>
    Promise.resolve(new Response(body, init)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function headersOf(fetchMock: ReturnType<typeof answer>): Record<string, string> {
  return fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
}

describe("apiFetch", () => {
  it("parses a JSON answer and sends the parameters it is given", async () => {
    const fetchMock = answer('{"metadata":[1,2]}');
    const body = await apiFetch<{ metadata: number[] }>("/api/things", {
      params: { clusterId: "lab", page: 2, search: undefined },
    });
    expect(body).toEqual({ metadata: [1, 2] });
    const url = fetchMock.mock.calls[0]?.[0];
    expect(url?.pathname).toBe("/api/things");
    expect(url?.search).toBe("?clusterId=lab&page=2");
    expect(headersOf(fetchMock).accept).toBe("application/json");
  });

  it("in text mode, gives the answer as it came, even when it reads as JSON", async () => {
    const fetchMock = answer('{"not":"parsed"}\nline 2\n', {
      headers: { "content-type": "text/plain" },
    });
    const text = await apiFetch("/api/log", { responseType: "text" });
    expect(text).toBe('{"not":"parsed"}\nline 2\n');
    expect(headersOf(fetchMock).accept).toMatch(/^text\/plain/);
  });

  it("in text mode, gives an empty answer as an empty text", async () => {
    answer("");
    await expect(apiFetch("/api/log", { responseType: "text" })).resolves.toBe("");
  });

  it("in text mode, still turns a failure into an ApiError with the server's message", async () => {
    answer(JSON.stringify({ status: 404, error: "Not Found", message: "No log named boot.log." }), {
      status: 404,
      statusText: "Not Found",
    });
    const failure = apiFetch("/api/log", { responseType: "text" });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: "No log named boot.log." });
  });

  it("names the status text when the failure is not the server's JSON", async () => {
    answer("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" });
    await expect(apiFetch("/api/log", { responseType: "text" })).rejects.toMatchObject({
      status: 502,
      message: "Bad Gateway",
    });
  });

  it("names the status text when a JSON failure carries no text message", async () => {
    for (const body of ['{"message":42}', "null", '["message"]', '{"error":"Bad Gateway"}']) {
      answer(body, { status: 502, statusText: "Bad Gateway" });
      await expect(apiFetch("/api/log")).rejects.toMatchObject({
        status: 502,
        message: "Bad Gateway",
      });
    }
  });

  it("turns an unreachable server into an ApiError with status 0, but passes an abort on", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(apiFetch("/api/log", { responseType: "text" })).rejects.toMatchObject({
      status: 0,
    });
    vi.stubGlobal("fetch", () => Promise.reject(new DOMException("aborted", "AbortError")));
    await expect(apiFetch("/api/log")).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("fetchInstanceLog", () => {
  it("reads the log's text through apiFetch's text mode", async () => {
    const fetchMock = answer("boot ok\n");
    const signal = new AbortController().signal;
    await expect(fetchInstanceLog("lab", "d1 b2", "boot.log", signal)).resolves.toBe("boot ok\n");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url?.pathname).toBe("/api/instances/d1%20b2/logs/boot.log");
    expect(url?.search).toBe("?clusterId=lab");
    expect(init?.signal).toBe(signal);
  });
});
