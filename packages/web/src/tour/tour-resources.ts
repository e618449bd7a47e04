// The application and the instance the tour made, as their pages named them (the steps that
// follow a create show on those pages), kept for the tab: the tour watches these, by their own
// existence check (`GET /api/applications/{id}`, `GET /api/instances/{id}`: 404 means deleted).
import type { ResourceStatus } from "./chapter-status.ts";

export type TourResourceKind = "application" | "instance";

export interface TourResource {
  clusterId: string;
  id: string;
}

const storageKey = (kind: TourResourceKind) => `anbox-dashboard.tour-${kind}`;

export function saveTourResource(kind: TourResourceKind, resource: TourResource): void {
  try {
    sessionStorage.setItem(storageKey(kind), JSON.stringify(resource));
  } catch {
    // Storage refused: the tour falls back to the newest resources of the lists.
  }
}

function isTourResource(value: unknown): value is TourResource {
  return (
    typeof value === "object" &&
    value !== null &&
    "clusterId" in value &&
    "id" in value &&
    typeof value.clusterId === "string" &&
    typeof value.id === "string" &&
    value.clusterId !== "" &&
    value.id !== ""
  );
}

export function readTourResource(kind: TourResourceKind): TourResource | undefined {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(kind)) ?? "null");
    return isTourResource(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The resource a step's page names (`/applications/:clusterId/:id`, `/instances/:clusterId/:instanceId`). */
export function resourceOfRoute(
  params: Readonly<Record<string, string | undefined>> | undefined,
): TourResource | undefined {
  const clusterId = params?.clusterId;
  const id = params?.id ?? params?.instanceId;
  return clusterId && id ? { clusterId, id } : undefined;
}

/** What one resource's state means to the tour: alive (on its way or done), or what ends it. */
export type WatchedState = "alive" | Extract<ResourceStatus, "deleted" | "error" | "stopped">;

/** An application's existence check: 404 is deleted; ready and initializing are alive. */
export function applicationState(
  found: { status: string } | undefined,
  missing: boolean,
): WatchedState | undefined {
  if (missing) return "deleted";
  if (!found) return undefined;
  if (found.status === "ready" || found.status === "initializing") return "alive";
  return found.status === "deleted" ? "deleted" : "error";
}

/** An instance's existence check: 404 is deleted; running and its way there are alive. */
export function instanceState(
  found: { status: string } | undefined,
  missing: boolean,
): WatchedState | undefined {
  if (missing) return "deleted";
  if (!found) return undefined;
  switch (found.status) {
    case "created":
    case "prepared":
    case "started":
    case "running":
      return "alive";
    case "stopped":
      return "stopped";
    case "deleted":
      return "deleted";
    case "error":
      return "error";
    default:
      // unknown: the cluster lost track for a moment; nothing to say yet.
      return undefined;
  }
}
