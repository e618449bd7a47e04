import { describe, expect, it } from "vitest";
import type { ApplicationStatus, InstanceStatus } from "@anbox-dashboard/contract";
import {
  applicationsStatus,
  chapterAvailability,
  chapterIcon,
  hasUnstreamableInstance,
  isStreamable,
  streamableInstancesStatus,
  type InstanceFacts,
  type TourCloud,
} from "./chapter-status.ts";

const apps = (...statuses: ApplicationStatus[]) => statuses.map((status) => ({ status }));
const streamable = (status: InstanceStatus): InstanceFacts => ({
  status,
  tags: ["team=a", "session=abc123"],
  app_id: "app1",
});

describe("the application rules (chapter 1)", () => {
  it("is complete when any application is ready, whatever the others", () => {
    expect(applicationsStatus(apps("error", "ready", "initializing"))).toBe("complete");
  });
  it("is loading when none is ready but one initializes", () => {
    expect(applicationsStatus(apps("error", "initializing", "deleted"))).toBe("loading");
  });
  it("is deleted with no application, or all deleted", () => {
    expect(applicationsStatus([])).toBe("deleted");
    expect(applicationsStatus(apps("deleted", "deleted"))).toBe("deleted");
  });
  it("is an error otherwise", () => {
    expect(applicationsStatus(apps("error"))).toBe("error");
    expect(applicationsStatus(apps("unknown", "deleted"))).toBe("error");
  });
});

describe("streamable instances", () => {
  it("are tagged session= and made from an application", () => {
    expect(isStreamable(streamable("running"))).toBe(true);
    expect(isStreamable({ status: "running", tags: ["session"], app_id: "app1" })).toBe(false);
    expect(isStreamable({ status: "running", tags: ["my-session=x"], app_id: "app1" })).toBe(false);
    // Made from an image: no application.
    expect(isStreamable({ status: "running", tags: ["session=abc"], app_id: "" })).toBe(false);
  });
});

describe("the instance rules (chapters 2 and 3)", () => {
  it("is complete when a streamable instance runs", () => {
    expect(streamableInstancesStatus([streamable("error"), streamable("running")])).toBe(
      "complete",
    );
  });
  it("ignores instances that are not streamable", () => {
    const imageMade: InstanceFacts = { status: "running", tags: ["session=x"], app_id: "" };
    const untagged: InstanceFacts = { status: "running", tags: [], app_id: "app1" };
    expect(streamableInstancesStatus([imageMade, untagged])).toBe("deleted");
    expect(streamableInstancesStatus([imageMade, streamable("stopped")])).toBe("stopped");
  });
  it("is loading while one is created, prepared or started", () => {
    for (const status of ["created", "prepared", "started"] as const) {
      expect([
        status,
        streamableInstancesStatus([streamable("error"), streamable(status)]),
      ]).toEqual([status, "loading"]);
    }
  });
  it("is stopped when one is stopped and none runs or starts", () => {
    expect(streamableInstancesStatus([streamable("error"), streamable("stopped")])).toBe("stopped");
  });
  it("is deleted with none, or all deleted", () => {
    expect(streamableInstancesStatus([])).toBe("deleted");
    expect(streamableInstancesStatus([streamable("deleted")])).toBe("deleted");
  });
  it("is an error otherwise", () => {
    expect(streamableInstancesStatus([streamable("error")])).toBe("error");
    expect(streamableInstancesStatus([streamable("unknown"), streamable("deleted")])).toBe("error");
  });
});

const cloud = (over: Partial<TourCloud> = {}): TourCloud => ({
  applications: "deleted",
  instances: "deleted",
  unstreamableInstance: false,
  ...over,
});

describe("an instance that cannot be streamed", () => {
  it("is the newest one, made without streaming or from an image, and not deleted", () => {
    const plain: InstanceFacts = { status: "running", tags: [], app_id: "app1" };
    const fromImage: InstanceFacts = { status: "running", tags: ["session=abc"], app_id: "" };
    expect(hasUnstreamableInstance([plain, streamable("deleted")])).toBe(true);
    expect(hasUnstreamableInstance([fromImage])).toBe(true);
    // An older instance of another kind says nothing of the one the tour made.
    expect(hasUnstreamableInstance([streamable("deleted"), plain])).toBe(false);
    expect(hasUnstreamableInstance([{ ...plain, status: "deleted" }])).toBe(false);
    expect(hasUnstreamableInstance([])).toBe(false);
  });
});

describe("which chapters may start", () => {
  it("opens chapter 1 always", () => {
    expect(chapterAvailability(1, cloud({ applications: undefined })).enabled).toBe(true);
    expect(chapterAvailability(1, cloud({ applications: "error" })).enabled).toBe(true);
  });
  it("opens chapter 2 once an application is ready, and says why not before", () => {
    expect(chapterAvailability(2, cloud({ applications: "complete" }))).toEqual({ enabled: true });
    expect(chapterAvailability(2, cloud({ applications: "loading" }))).toEqual({
      enabled: false,
      reason: expect.stringContaining("being prepared") as string,
    });
    expect(chapterAvailability(2, cloud())).toEqual({
      enabled: false,
      reason: expect.stringContaining("chapter 1") as string,
    });
    expect(chapterAvailability(2, cloud({ applications: undefined })).enabled).toBe(false);
    // A running instance alone does not open chapter 2.
    expect(chapterAvailability(2, cloud({ instances: "complete" })).enabled).toBe(false);
  });
  it("opens chapter 3 once a streamable instance runs, and says why not before", () => {
    expect(chapterAvailability(3, cloud({ instances: "complete" }))).toEqual({ enabled: true });
    expect(
      chapterAvailability(3, cloud({ applications: "complete", instances: "loading" })),
    ).toEqual({
      enabled: false,
      reason: expect.stringContaining("starting") as string,
    });
    expect(chapterAvailability(3, cloud({ instances: "stopped" }))).toEqual({
      enabled: false,
      reason: expect.stringContaining("start it from its actions") as string,
    });
    expect(chapterAvailability(3, cloud({ instances: "error" }))).toEqual({
      enabled: false,
      reason: expect.stringContaining("chapter 2") as string,
    });
    expect(chapterAvailability(3, cloud({ instances: undefined })).enabled).toBe(false);
  });
});

describe("a chapter's icon", () => {
  it("follows chapter 1's application", () => {
    expect(chapterIcon(1, cloud({ applications: "complete" }), "not-started")).toBe("complete");
    expect(chapterIcon(1, cloud({ applications: "loading" }), "create-an-application")).toBe(
      "loading",
    );
    expect(chapterIcon(1, cloud({ applications: "error" }), "welcome-modal")).toBe("error");
    expect(chapterIcon(1, cloud({ applications: undefined }), "create-an-application")).toBe(
      "number",
    );
  });
  it("shows a missing resource as an error only once the user made one", () => {
    expect(chapterIcon(1, cloud(), "explore-advance-details")).toBe("number");
    expect(chapterIcon(1, cloud(), "create-an-application")).toBe("error");
    expect(chapterIcon(2, cloud(), "create-your-instance")).toBe("number");
    expect(chapterIcon(2, cloud(), "create-a-streamable-instance")).toBe("error");
  });
  it("follows chapter 2's streamable instance", () => {
    expect(chapterIcon(2, cloud({ instances: "complete" }), "welcome-modal")).toBe("complete");
    expect(chapterIcon(2, cloud({ instances: "loading" }), "create-a-streamable-instance")).toBe(
      "loading",
    );
    expect(chapterIcon(2, cloud({ instances: "stopped" }), "stream-is-ready")).toBe("error");
    expect(chapterIcon(2, cloud({ instances: "error" }), "welcome-modal")).toBe("error");
  });
  it("completes chapter 3 when the user finished it, and shows its number before", () => {
    expect(chapterIcon(3, cloud({ instances: "complete" }), "stream-is-ready")).toBe("number");
    expect(chapterIcon(3, cloud({ instances: "complete" }), "stream-the-instance")).toBe(
      "complete",
    );
    expect(chapterIcon(3, cloud({ instances: "stopped" }), "create-a-streamable-instance")).toBe(
      "number",
    );
  });
});
