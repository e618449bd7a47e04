import { sessionTagPrefix, type StreamScreen } from "@anbox-dashboard/contract";
import type { GatewaySessionsTable, InstancesTable } from "../store/schema.ts";
import { newId } from "../store/ids.ts";
import { readStoredConfig } from "../instances/instance-record.ts";

/** The only region of the embedded cloud: all its nodes are on this machine. */
export const embeddedRegion = "embedded";

/** What a session is created with besides its instance (SessionPost; defaults for AMS launches). */
export interface SessionSettings {
  region: string;
  joinable: boolean;
  idleTimeMin: number;
  ephemeral: boolean;
}

/**
 * Sessions made by `POST /1.0/instances` with streaming enabled (reference 3.3, "stream-enabled
 * instance path"): the dashboard joins them again and again, so they are joinable, and they live
 * as long as their instance (no idle timeout).
 */
export const instanceSessionSettings: SessionSettings = {
  region: embeddedRegion,
  joinable: true,
  idleTimeMin: 0,
  ephemeral: false,
};

/**
 * The tags of a new instance: with streaming enabled, a new `session=<id>` tag names the session
 * created with it (a `session=` tag the caller sent is dropped: it would name another session).
 */
export function tagsForNewInstance(requested: readonly string[], streaming: boolean): string[] {
  const tags = [...new Set(requested)];
  if (!streaming) return tags;
  return [
    ...tags.filter((tag) => !tag.startsWith(sessionTagPrefix)),
    `${sessionTagPrefix}${newId()}`,
  ];
}

/** The id in an instance's `session=<id>` tag, if it has one. */
export function sessionIdOfTags(tags: readonly string[]): string | undefined {
  const tag = tags.find((candidate) => candidate.startsWith(sessionTagPrefix));
  return tag === undefined ? undefined : tag.slice(sessionTagPrefix.length);
}

/** What the session of an instance shows as its `app`: the application, else the image. */
export function sessionAppOf(instance: Pick<InstancesTable, "app_name" | "image_name">): string {
  return instance.app_name !== "" ? instance.app_name : instance.image_name;
}

/**
 * The session row that goes with a new instance row, or undefined when the instance does not
 * stream. Stored in the same transaction as the instance (instances/create-instance.ts).
 */
export function newSessionRow(
  instance: InstancesTable,
  tags: readonly string[],
  settings: SessionSettings,
): GatewaySessionsTable | undefined {
  const config = readStoredConfig(instance);
  const id = sessionIdOfTags(tags);
  if (!config.enable_streaming || id === undefined) return undefined;
  const screen: StreamScreen = { ...config.display };
  return {
    id,
    instance_id: instance.id,
    app: sessionAppOf(instance),
    status: "created",
    status_message: "",
    region: settings.region,
    joinable: settings.joinable ? 1 : 0,
    created_at: instance.created_at,
    updated_at: instance.created_at,
    screen: JSON.stringify(screen),
    idle_time_min: settings.idleTimeMin,
    ephemeral: settings.ephemeral ? 1 : 0,
    has_had_client: 0,
  };
}
