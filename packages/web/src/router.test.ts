import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./context/query-client.ts";
import { preloadPageOf } from "./router.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The `/api/...` requests the app sent, as path plus query string. */
function stubFetch(): string[] {
  const requested: string[] = [];
  vi.stubGlobal("fetch", (input: URL | string) => {
    const url = new URL(String(input), "http://dashboard.test");
    requested.push(`${url.pathname}${url.search}`);
    return Promise.resolve(
      new Response(JSON.stringify({ metadata: [], total_size: 0 }), {
        headers: { "content-type": "application/json" },
      }),
    );
  });
  return requested;
}

describe("preloadPageOf", () => {
  it("asks for the nodes list's first page, with the address's filters, before it renders", async () => {
    const requested = stubFetch();
    const queryClient = createQueryClient();
    void preloadPageOf({ pathname: "/nodes", search: "?filter.status=online&page=2" }, queryClient);
    await vi.waitFor(() => {
      expect(requested.filter((path) => path.startsWith("/api/nodes"))).toHaveLength(1);
    });
    const [nodes] = requested.filter((path) => path.startsWith("/api/nodes"));
    const params = new URL(nodes ?? "", "http://dashboard.test").searchParams;
    expect(params.get("status")).toBe("online");
    expect(params.get("page")).toBe("2");
  });

  it("asks for the instances list's first page", async () => {
    const requested = stubFetch();
    void preloadPageOf(
      { pathname: "/instances", search: "?filter.search=web" },
      createQueryClient(),
    );
    await vi.waitFor(() => {
      expect(requested.some((path) => path.startsWith("/api/instances?"))).toBe(true);
    });
    const [instances] = requested.filter((path) => path.startsWith("/api/instances?"));
    expect(new URL(instances ?? "", "http://dashboard.test").searchParams.get("search")).toBe(
      "web",
    );
  });

  it("asks for the session info with any signed-in page, and no more where the page says nothing", async () => {
    const requested = stubFetch();
    void preloadPageOf({ pathname: "/operations", search: "" }, createQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested.filter((path) => path.startsWith("/api/"))).toEqual(["/api/info"]);
  });

  it("asks for nothing on a public page", async () => {
    const requested = stubFetch();
    void preloadPageOf({ pathname: "/login", search: "" }, createQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested.filter((path) => path.startsWith("/api/"))).toEqual([]);
  });
});
