import { z } from "zod";

/** How a cluster answered its last check (`GET /1.0`, every 15 s). */
export const clusterHealthSchema = z.object({
  reachable: z.boolean(),
  /** Why it is not reachable. */
  message: z.string().optional(),
  /** Its AMS version and API extensions, when it answered. */
  version: z.string().optional(),
  api_extensions: z.array(z.string()).optional(),
  /** When it was checked (RFC 3339). */
  checked_at: z.string(),
});

export type ClusterHealth = z.infer<typeof clusterHealthSchema>;

/** One cluster (an AMS with its stream gateway) that the dashboard manages. */
export const clusterSchema = z.object({
  id: z.string(),
  /** Absent until it has been checked once. */
  health: clusterHealthSchema.optional(),
});

export type Cluster = z.infer<typeof clusterSchema>;

/** Cluster ids appear in URLs and data directory names: keep them short and plain. */
export const clusterIdPattern = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * A cluster left out of a list across clusters because it did not answer (down, unreachable,
 * timed out): the list shows the others', and says which one is missing and why.
 */
export const unreachableClusterSchema = z.object({
  clusterId: z.string(),
  message: z.string(),
});

export type UnreachableCluster = z.infer<typeof unreachableClusterSchema>;
