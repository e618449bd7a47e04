import { z } from "zod";

/** One cluster (an AMS with its stream gateway) that the dashboard manages. */
export const clusterSchema = z.object({
  id: z.string(),
});

export type Cluster = z.infer<typeof clusterSchema>;

/** Cluster ids appear in URLs and data directory names: keep them short and plain. */
export const clusterIdPattern = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * A cluster left out of a list across clusters because it did not answer (down, unreachable,
 * timed out): the list shows the others', and says which one is missing and why.
 */
export interface UnreachableCluster {
  clusterId: string;
  message: string;
}
