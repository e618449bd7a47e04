import { z } from "zod";
import { amsApplicationSummarySchema } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callAndRead } from "./ams-answer.ts";

// A cluster's applications (`/1.0/applications`).

const applicationsPath = "/1.0/applications";

/** `GET /1.0/applications?recursion=1`, read for what another resource shows of them. */
export async function listApplicationSummaries(
  cluster: ClusterHandle,
): Promise<z.output<typeof amsApplicationSummarySchema>[]> {
  const answer = await callAndRead(
    cluster,
    "a list of applications",
    z.array(amsApplicationSummarySchema),
    (signal) => cluster.client.get(`${applicationsPath}?recursion=1`, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/applications/{id}`, read for what another resource shows of it. */
export async function getApplicationSummary(
  cluster: ClusterHandle,
  id: string,
): Promise<z.output<typeof amsApplicationSummarySchema>> {
  const answer = await callAndRead(
    cluster,
    "an application",
    amsApplicationSummarySchema,
    (signal) => cluster.client.get(`${applicationsPath}/${encodeURIComponent(id)}`, signal),
  );
  return answer.metadata;
}
