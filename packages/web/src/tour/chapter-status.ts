// Each chapter's state, from what the cloud holds (SPEC.md section 4, "Application rules" and
// "Instance rules"), which chapters may start, and the icon the progress panel shows.
import type { ApplicationStatus, InstanceStatus } from "@anbox-dashboard/contract";
import type { OnboardingProgress } from "../api/onboarding.ts";
import { chapterDoneByUser } from "./tour-progress.ts";
import type { ChapterNumber } from "./tour-step-ids.ts";

/** What the tour's resources are doing. `stopped` is the instances' alone. */
export type ResourceStatus = "complete" | "loading" | "stopped" | "deleted" | "error";

/** The application rules: chapter 1's state. */
export function applicationsStatus(
  applications: readonly { status: ApplicationStatus }[],
): Exclude<ResourceStatus, "stopped"> {
  if (applications.some((app) => app.status === "ready")) return "complete";
  if (applications.some((app) => app.status === "initializing")) return "loading";
  if (applications.every((app) => app.status === "deleted")) return "deleted";
  return "error";
}

export interface InstanceFacts {
  status: InstanceStatus;
  tags: readonly string[];
  /** The application it was made from; "" for one made from an image. */
  app_id: string;
}

/**
 * A streamable instance: tagged `session=<id>` (it has a stream gateway session) and made from an
 * application. The cluster records the image under every instance (an application's too), so
 * "not from an image" is told by `app_id`, not by `image_id`.
 */
export function isStreamable(instance: InstanceFacts): boolean {
  return instance.app_id !== "" && instance.tags.some((tag) => tag.startsWith("session="));
}

const startingStatuses: readonly InstanceStatus[] = ["created", "prepared", "started"];

/** The instance rules, over the streamable instances only: chapter 2's state (and 3's). */
export function streamableInstancesStatus(instances: readonly InstanceFacts[]): ResourceStatus {
  const streamable = instances.filter(isStreamable);
  if (streamable.some((instance) => instance.status === "running")) return "complete";
  if (streamable.some((instance) => startingStatuses.includes(instance.status))) return "loading";
  if (streamable.some((instance) => instance.status === "stopped")) return "stopped";
  if (streamable.every((instance) => instance.status === "deleted")) return "deleted";
  return "error";
}

/**
 * Whether the newest instance (`newestFirst[0]`: the one chapter 2 made, most likely) is there but
 * cannot be streamed (made without "Enable streaming", or from an image): what to tell a user
 * whose chapter 2 left no streamable instance. An older one of another kind says nothing of it.
 */
export function hasUnstreamableInstance(newestFirst: readonly InstanceFacts[]): boolean {
  const newest = newestFirst[0];
  return newest !== undefined && newest.status !== "deleted" && !isStreamable(newest);
}

/** The cloud's side of the tour: undefined while its lists load (nothing is decided then). */
export interface TourCloud {
  applications: Exclude<ResourceStatus, "stopped"> | undefined;
  instances: ResourceStatus | undefined;
  /** `hasUnstreamableInstance` of the newest instances; false while they load. */
  unstreamableInstance: boolean;
}

export type ChapterAvailability = { enabled: true } | { enabled: false; reason: string };

/**
 * Chapter 1 is always open; chapter 2 once an application is ready; chapter 3 once a streamable
 * instance runs. A closed chapter says why, in the words of what it waits for.
 */
export function chapterAvailability(chapter: ChapterNumber, cloud: TourCloud): ChapterAvailability {
  if (chapter === 1) return { enabled: true };
  if (chapter === 2) {
    switch (cloud.applications) {
      case "complete":
        return { enabled: true };
      case undefined:
        return { enabled: false, reason: "Checking your applications…" };
      case "loading":
        return {
          enabled: false,
          reason: "Your application is being prepared: this chapter opens once it is ready.",
        };
      default:
        return {
          enabled: false,
          reason: "Available once an application is ready: create one in chapter 1.",
        };
    }
  }
  switch (cloud.instances) {
    case "complete":
      return { enabled: true };
    case undefined:
      return { enabled: false, reason: "Checking your instances…" };
    case "loading":
      return {
        enabled: false,
        reason: "Your instance is starting: this chapter opens once it is running.",
      };
    case "stopped":
      return {
        enabled: false,
        reason:
          "Your streamable instance is stopped: start it from its actions on the Instances page.",
      };
    default:
      return {
        enabled: false,
        reason: "Available once a streamable instance is running: create one in chapter 2.",
      };
  }
}

/** The icon in front of a chapter: what went wrong, what is on its way, done, or its number. */
export type ChapterIcon = "error" | "loading" | "complete" | "number";

/**
 * - Chapters 1 and 2 follow their resource: done (ready, running) whoever made it; on its way
 *   (initializing, starting); failed or stopped. A resource that is not there is an error only
 *   once the user has made one in the tour: before that, the chapter is simply not done.
 * - Chapter 3 makes nothing: it is done once the user finished it (`stream-the-instance`); its
 *   instance's troubles show on chapter 2, whose instance it streams.
 */
export function chapterIcon(
  chapter: ChapterNumber,
  cloud: TourCloud,
  progress: OnboardingProgress,
): ChapterIcon {
  if (chapter === 3) return chapterDoneByUser(3, progress) ? "complete" : "number";
  const status = chapter === 1 ? cloud.applications : cloud.instances;
  switch (status) {
    case undefined:
      return "number";
    case "complete":
      return "complete";
    case "loading":
      return "loading";
    case "deleted":
      return chapterDoneByUser(chapter, progress) ? "error" : "number";
    case "stopped":
    case "error":
      return "error";
  }
}
