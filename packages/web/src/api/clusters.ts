import type { Cluster } from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { Cluster };

/** `GET /api/clusters`: the clusters the dashboard manages. */
export function fetchClusters(signal?: AbortSignal): Promise<Cluster[]> {
  return apiFetch<Cluster[]>("/api/clusters", { signal });
}
