import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "./api-fetch.ts";
import { apiUrl } from "./api-url.ts";
import { startEarlyRequest, takeEarlyResponse } from "./early-responses.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubServer() {
  const fetchMock = vi.fn((_url: URL | string, _init?: RequestInit) =>
    Promise.resolve(Response.json({ calls: fetchMock.mock.calls.length })),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("a call started before the app ran", () => {
  it("is asked for as apiFetch asks for JSON, and its answer serves the app's first request", async () => {
    const fetchMock = stubServer();
    const url = apiUrl({ path: "/api/nodes", params: { page: 1, size: 30 } });
    startEarlyRequest(url);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({
      method: "GET",
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });

    // The app's own request of that address takes it; the next one asks the server again.
    await expect(apiFetch("/api/nodes", { params: { page: 1, size: 30 } })).resolves.toEqual({
      calls: 1,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiFetch("/api/nodes", { params: { page: 1, size: 30 } })).resolves.toEqual({
      calls: 2,
    });
  });

  it("is not started for an address the app has asked for already (its script ran first)", async () => {
    const fetchMock = stubServer();
    await apiFetch("/api/info");
    startEarlyRequest(apiUrl({ path: "/api/info" }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiFetch("/api/info")).resolves.toEqual({ calls: 2 });
  });

  it("serves only its own address, and only for the first render", () => {
    stubServer();
    vi.useFakeTimers();
    const nodes = apiUrl({ path: "/api/nodes", params: { page: 1 } });
    startEarlyRequest(nodes);
    expect(takeEarlyResponse(apiUrl({ path: "/api/nodes", params: { page: 2 } }))).toBeUndefined();
    vi.advanceTimersByTime(11_000);
    expect(takeEarlyResponse(nodes)).toBeUndefined();
  });
});
