import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import type { OnboardingProgress } from "../../api/onboarding.ts";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../../context/query-client.ts";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import { useOnboardingProgress } from "../../queries/onboarding.ts";
import { TourProvider } from "../../tour/TourProvider.tsx";
import { useTour } from "../../tour/tour-context.ts";
import { TourPanel } from "./TourPanel.tsx";
import { makeSessionInfo } from "../../test-support/session-info.ts";
import { adminPermissions, givePermissions } from "../../test-support/permissions.ts";
import type { EffectivePermissions } from "@anbox-dashboard/contract";

type Permissions = EffectivePermissions["metadata"];

interface Cloud {
  progress: OnboardingProgress;
  /** The session info's version-update flag (an account from before streamable instances). */
  updateModal?: boolean;
  applications: { status: string }[];
  instances: { status: string; tags: string[]; app_id: string }[];
}

const sessionInfo = makeSessionInfo({
  user: { fullname: "Ada Lovelace", email: "ada@example.com" },
  dashboard_version: "1.2.3",
  ams_version: "1.23.0",
});

const running = { status: "running", tags: ["session=s1"], app_id: "a1" };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dashboard's API as the panel reads it; returns the progress each PATCH saved. */
function stubApi(cloud: Cloud): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const json = (body: unknown) => Promise.resolve(Response.json(body));
      if (url.pathname.startsWith("/api/onboarding-progress/") && init?.method === "PATCH") {
        const progress = decodeURIComponent(url.pathname.split("/").pop() ?? "");
        saved.push(progress);
        return json({ onboarding_progress: progress });
      }
      if (url.pathname === "/api/info") {
        return json({ ...sessionInfo, has_version_update_modal: cloud.updateModal ?? false });
      }
      if (url.pathname === "/api/onboarding-progress") {
        return json({ onboarding_progress: cloud.progress });
      }
      if (url.pathname === "/api/clusters") return json([{ id: "default" }]);
      if (url.pathname === "/api/applications") {
        return json({ metadata: cloud.applications, total_size: cloud.applications.length });
      }
      if (url.pathname === "/api/instances") {
        return json({ metadata: cloud.instances, total_size: cloud.instances.length });
      }
      return Promise.resolve(new Response("{}", { status: 404 }));
    }),
  );
  return saved;
}

function Shell() {
  const tour = useTour();
  const { pathname } = useLocation();
  const progress = useOnboardingProgress();
  return (
    <>
      <button type="button" aria-expanded={tour.panelOpen} onClick={tour.togglePanel}>
        Get started
      </button>
      <p data-testid="location">{pathname}</p>
      <p data-testid="progress">{progress.data}</p>
      {tour.panelOpen && <TourPanel />}
    </>
  );
}

function renderShell(
  cloud: Cloud,
  {
    width = 1000,
    permissions = adminPermissions,
  }: { width?: number; permissions?: Permissions } = {},
) {
  vi.stubGlobal("innerWidth", width);
  stubMatchMedia();
  const saved = stubApi(cloud);
  render(
    <QueryClientProvider client={givePermissions(createQueryClient(), permissions)}>
      <NotificationsProvider>
        <MemoryRouter initialEntries={["/instances"]}>
          <TourProvider>
            <Shell />
          </TourProvider>
        </MemoryRouter>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return saved;
}

async function openPanel() {
  await userEvent.click(screen.getByRole("button", { name: "Get started" }));
  const panel = screen.getByRole("complementary", { name: "Get started" });
  await within(panel).findByRole("heading", { name: /Chapter 1/ });
  return panel;
}

function chapter(panel: HTMLElement, number: number): HTMLElement {
  return within(panel).getByRole("listitem", { name: new RegExp(`^Chapter ${String(number)}:`) });
}

describe("TourPanel", () => {
  it("lists the three chapters with their steps", async () => {
    renderShell({ progress: "welcome-modal", applications: [], instances: [] });
    const panel = await openPanel();
    const stepCounts = [1, 2, 3].map(
      (number) => within(chapter(panel, number)).getAllByRole("listitem").length,
    );
    expect(stepCounts).toEqual([4, 6, 2]);
    expect(within(chapter(panel, 2)).getByText("Capabilities")).toBeInTheDocument();
  });

  it("shows each chapter's state from the cloud and opens chapter 2 once an application is ready", async () => {
    renderShell({
      progress: "create-a-streamable-instance",
      applications: [{ status: "ready" }],
      instances: [{ status: "started", tags: ["session=s1"], app_id: "a1" }],
    });
    const panel = await openPanel();
    await within(chapter(panel, 1)).findByText("Complete");
    expect(within(chapter(panel, 2)).getByText("In progress")).toHaveClass("p-icon--spinner");
    expect(within(chapter(panel, 3)).queryByText("Complete")).toBeNull();

    // A chapter done is offered again, not as the next thing to do.
    const first = within(chapter(panel, 1)).getByRole("button", { name: "Repeat chapter 1" });
    expect(first).toBeEnabled();
    expect(first).not.toHaveClass("p-button--positive");
    expect(
      within(chapter(panel, 2)).getByRole("button", { name: "Start chapter 2" }),
    ).toBeEnabled();
    const third = within(chapter(panel, 3)).getByRole("button", { name: "Start chapter 3" });
    expect(third).toHaveAttribute("aria-disabled", "true");
    expect(third).toHaveAccessibleDescription(
      "Your instance is starting: this chapter opens once it is running.",
    );
  });

  it("keeps chapter 2 closed, with its reason, while no application is ready", async () => {
    renderShell({
      progress: "welcome-modal",
      applications: [{ status: "initializing" }],
      instances: [],
    });
    const panel = await openPanel();
    const second = within(chapter(panel, 2)).getByRole("button", { name: "Start chapter 2" });
    await waitFor(() => {
      expect(second).toHaveAccessibleDescription(
        "Your application is being prepared: this chapter opens once it is ready.",
      );
    });
    expect(second).toHaveAttribute("aria-disabled", "true");
  });

  it("says what went wrong when the tour's application is gone, and what to do", async () => {
    renderShell({ progress: "create-an-application", applications: [], instances: [] });
    const panel = await openPanel();
    const first = chapter(panel, 1);
    expect(await within(first).findByText("Needs attention")).toHaveClass("p-icon--error");
    expect(within(first).getByRole("alert")).toHaveTextContent("Your application was deleted");
  });

  it("tells an instance made without streaming apart from a deleted one", async () => {
    renderShell({
      progress: "create-a-streamable-instance",
      applications: [{ status: "ready" }],
      instances: [{ ...running, tags: [] }],
    });
    const panel = await openPanel();
    const alert = await within(chapter(panel, 2)).findByRole("alert");
    expect(alert).toHaveTextContent("Your instance cannot be streamed");
    expect(alert).not.toHaveTextContent("deleted");
  });

  it("tells a stopped streamable instance to be started from its actions", async () => {
    renderShell({
      progress: "stream-is-ready",
      applications: [{ status: "ready" }],
      instances: [{ ...running, status: "stopped" }],
    });
    const panel = await openPanel();
    expect(await within(chapter(panel, 2)).findByRole("alert")).toHaveTextContent(
      "Your instance is stopped",
    );
  });

  it("continues a chapter where the user stopped: saves the step, goes to its page, closes", async () => {
    const saved = renderShell({
      progress: "instance-capabilities",
      applications: [{ status: "ready" }],
      instances: [],
    });
    const panel = await openPanel();
    const second = within(chapter(panel, 2)).getByRole("button", { name: "Continue chapter 2" });
    await waitFor(() => {
      expect(second).not.toHaveAttribute("aria-disabled");
    });
    await userEvent.click(second);
    await waitFor(() => {
      expect(saved).toEqual(["instance-capabilities"]);
    });
    expect(screen.getByTestId("location")).toHaveTextContent("/instances/new");
    expect(screen.queryByRole("complementary", { name: "Get started" })).toBeNull();
  });

  it("repeats a done chapter from its first step, also after a repeat stopped midway", async () => {
    // Chapter 2 repeated and ended at Capabilities: its instance still runs.
    const saved = renderShell({
      progress: "instance-capabilities",
      applications: [{ status: "ready" }],
      instances: [running],
    });
    const panel = await openPanel();
    await within(chapter(panel, 2)).findByText("Complete");
    const second = within(chapter(panel, 2)).getByRole("button", { name: "Repeat chapter 2" });
    await userEvent.click(second);
    await waitFor(() => {
      expect(saved).toEqual(["create-an-application"]);
    });
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/instances$/);
  });

  it("retakes the tour from chapter 3: progress back to welcome-modal", async () => {
    const saved = renderShell({
      progress: "stream-the-instance",
      applications: [{ status: "ready" }],
      instances: [running],
    });
    const panel = await openPanel();
    expect(await within(chapter(panel, 3)).findByText("Complete")).toHaveClass("p-icon--success");
    await userEvent.click(within(chapter(panel, 3)).getByRole("button", { name: "Retake tour" }));
    await waitFor(() => {
      expect(saved).toEqual(["welcome-modal"]);
    });
    // Nothing done any more: every chapter starts from its beginning.
    expect(within(chapter(panel, 3)).queryByText("Complete")).toBeNull();
    expect(within(chapter(panel, 3)).getByRole("button", { name: "Retake tour" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("opens by itself for a new user on a 1280 px window, and moves the progress on", async () => {
    const saved = renderShell(
      { progress: "not-started", applications: [], instances: [] },
      { width: 1280 },
    );
    expect(await screen.findByRole("complementary", { name: "Get started" })).toBeInTheDocument();
    await waitFor(() => {
      expect(saved).toEqual(["welcome-modal"]);
    });
  });

  it("is not for someone who may create nothing: it does not open by itself, and says why", async () => {
    const viewer: Permissions = {
      ...adminPermissions,
      groups: ["viewers"],
      permissions: [
        { entitlement: "can_view", resource: "cluster:default", grantedBy: { group: "viewers" } },
      ],
    };
    const saved = renderShell(
      { progress: "not-started", applications: [], instances: [] },
      { width: 1280, permissions: viewer },
    );
    await waitFor(() => {
      expect(screen.getByTestId("progress")).toHaveTextContent("not-started");
    });
    expect(screen.queryByRole("complementary", { name: "Get started" })).toBeNull();
    expect(saved).toEqual([]);
    const panel = await openPanel();
    const start = within(chapter(panel, 1)).getByRole("button", { name: /Start chapter 1/ });
    expect(start).toHaveAttribute("aria-disabled", "true");
    expect(start).toHaveAccessibleDescription(
      /^You need can_create_applications on a cluster\. Only the admin group grants it/,
    );
  });

  it("does not open by itself on a 1000 px window", async () => {
    const saved = renderShell(
      { progress: "not-started", applications: [], instances: [] },
      { width: 1000 },
    );
    // Once the progress has loaded, nothing opened.
    await waitFor(() => {
      expect(screen.getByTestId("progress")).toHaveTextContent("not-started");
    });
    expect(screen.queryByRole("complementary", { name: "Get started" })).toBeNull();
    expect(saved).toEqual([]);
  });

  it("waits for the update modal of an older account to close before it opens", async () => {
    const saved = renderShell(
      { progress: "not-started", updateModal: true, applications: [], instances: [] },
      { width: 1280 },
    );
    await waitFor(() => {
      expect(screen.getByTestId("progress")).toHaveTextContent("not-started");
    });
    expect(screen.queryByRole("complementary", { name: "Get started" })).toBeNull();
    expect(saved).toEqual([]);
  });

  it("is worked by keyboard: its buttons are reached by Tab, Escape closes it and the focus returns", async () => {
    const user = userEvent.setup();
    renderShell({ progress: "welcome-modal", applications: [], instances: [] });
    const opener = screen.getByRole("button", { name: "Get started" });
    await user.click(opener);
    const panel = screen.getByRole("complementary", { name: "Get started" });
    const start = await within(panel).findByRole("button", { name: "Start chapter 1" });
    let reached = false;
    for (let press = 0; press < 6 && !reached; press++) {
      await user.tab();
      reached = document.activeElement === start;
    }
    expect(reached).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("complementary", { name: "Get started" })).toBeNull();
    expect(opener).toHaveFocus();
  });
});
