import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { queryKeys } from "../context/query-keys.ts";
import { useNamesClusters } from "./clusters.ts";

/** The hook with the clusters already known (none fetched). */
function namesClusters(managed: string[] | undefined, rowClusterIds: string[]): boolean {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  if (managed) {
    client.setQueryData(
      queryKeys.clusters(),
      managed.map((id) => ({ id })),
    );
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useNamesClusters(rowClusterIds), { wrapper }).result.current;
}

describe("useNamesClusters", () => {
  it("names rows' clusters whenever the dashboard manages several, though the rows are one's", () => {
    expect(namesClusters(["default", "lab"], ["lab"])).toBe(true);
    expect(namesClusters(["default", "lab"], [])).toBe(true);
  });

  it("names them only when the rows span several, with one cluster or while the clusters load", () => {
    expect(namesClusters(["default"], ["default", "default"])).toBe(false);
    expect(namesClusters(undefined, ["default"])).toBe(false);
    expect(namesClusters(undefined, ["default", "lab"])).toBe(true);
  });
});
