// What the tour says when the cloud takes away what it was working on (SPEC.md section 4 leaves
// the texts open): what happened, then what to do.
import type { ResourceStatus } from "./chapter-status.ts";

export type InterruptionReason = Extract<ResourceStatus, "deleted" | "error" | "stopped">;

export interface InterruptionMessage {
  title: string;
  text: string;
}

/** The tour's application (chapter 1) was deleted or failed. */
export function applicationInterruption(
  reason: Exclude<InterruptionReason, "stopped">,
): InterruptionMessage {
  if (reason === "deleted") {
    return {
      title: "Your application was deleted",
      text: "The application this tour was preparing no longer exists, so the tour stopped. Start chapter 1 again to create a new one.",
    };
  }
  return {
    title: "Your application could not be prepared",
    text: "The cloud failed to install the application (its status is error), so the tour stopped. Open it on the Applications page to see why, then start chapter 1 again, with another APK if needed.",
  };
}

/** The tour's streamable instance (chapters 2 and 3) was deleted, failed or stopped. */
export function instanceInterruption(reason: InterruptionReason): InterruptionMessage {
  switch (reason) {
    case "deleted":
      return {
        title: "Your instance was deleted",
        text: "The streamable instance this tour was using no longer exists, so the tour stopped. Start chapter 2 again to create a new one.",
      };
    case "stopped":
      return {
        title: "Your instance is stopped",
        text: "An instance must run to be streamed, so the tour paused. Start it from its actions on the Instances page, then continue the tour from Get started.",
      };
    case "error":
      return {
        title: "Your instance failed",
        text: "The instance could not start (its status is error), so the tour stopped. Open it on the Instances page to read its logs, then start chapter 2 again.",
      };
  }
}

/**
 * Chapter 2 left no streamable instance, but an instance that cannot be streamed is there: it was
 * made without "Enable streaming" (or from an image), not deleted.
 */
export const unstreamableInstanceMessage: InterruptionMessage = {
  title: "Your instance cannot be streamed",
  text: "No instance of yours has streaming enabled: an instance made without Enable streaming, or from an image, cannot be streamed. Start chapter 2 again and tick Enable streaming.",
};
