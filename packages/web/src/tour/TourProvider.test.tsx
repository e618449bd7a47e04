import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import type { OnboardingProgress } from "../api/onboarding.ts";
import { NotificationsProvider } from "../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../context/query-client.ts";
import { stubMatchMedia } from "../test-support/stub-match-media.ts";
import { useOnboardingProgress } from "../queries/onboarding.ts";
import { stubProgressApi } from "./onboarding-api.test-support.ts";
import { TourProvider } from "./TourProvider.tsx";
import { useTour } from "./tour-context.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

function Probe() {
  const tour = useTour();
  const { pathname } = useLocation();
  const progress = useOnboardingProgress();
  return (
    <>
      <p data-testid="progress">{progress.data ?? "loading"}</p>
      <p data-testid="step">{tour.step?.id ?? "none"}</p>
      <p data-testid="location">{pathname}</p>
      <p data-testid="panel">{tour.panelOpen ? "open" : "closed"}</p>
      <button
        type="button"
        onClick={() => {
          tour.start(1);
        }}
      >
        Start 1
      </button>
      <button type="button" onClick={tour.advance}>
        Advance
      </button>
      <button type="button" onClick={tour.cancel}>
        Cancel
      </button>
    </>
  );
}

function renderProbe(progress: OnboardingProgress) {
  stubMatchMedia();
  vi.stubGlobal("innerWidth", 1000);
  const saved = stubProgressApi(progress);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsProvider>
        <MemoryRouter initialEntries={["/instances"]}>
          <TourProvider>
            <Probe />
          </TourProvider>
        </MemoryRouter>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return saved;
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe("TourProvider", () => {
  it("walks chapter 1 step by step, saving each step, and reopens the panel 1 s after its end", async () => {
    const user = userEvent.setup();
    const saved = renderProbe("welcome-modal");
    await waitFor(() => {
      expect(text("progress")).toBe("welcome-modal");
    });
    await user.click(screen.getByRole("button", { name: "Start 1" }));
    // The tour's steps load with its first use.
    await waitFor(() => {
      expect(text("step")).toBe("your-applications");
      expect(text("location")).toBe("/applications");
    });

    await user.click(screen.getByRole("button", { name: "Advance" }));
    expect(text("step")).toBe("essential-information");
    expect(text("location")).toBe("/applications/add");
    await user.click(screen.getByRole("button", { name: "Advance" }));
    await user.click(screen.getByRole("button", { name: "Advance" }));
    // The application's page is reached by the form's own submit, not by the tour.
    expect(text("step")).toBe("browse-your-applications");
    expect(text("location")).toBe("/applications/add");

    await user.click(screen.getByRole("button", { name: "Advance" }));
    expect(text("step")).toBe("none");
    expect(text("panel")).toBe("closed");
    await waitFor(
      () => {
        expect(text("panel")).toBe("open");
      },
      { timeout: 2000 },
    );
    await waitFor(() => {
      expect(saved).toEqual([
        "welcome-modal",
        "essential-information",
        "explore-advance-details",
        "create-an-application",
        "create-an-application",
      ]);
    });
  });

  it("continues where the user stopped, and cancel ends the chapter without saving", async () => {
    const user = userEvent.setup();
    const saved = renderProbe("explore-advance-details");
    await waitFor(() => {
      expect(text("progress")).toBe("explore-advance-details");
    });
    await user.click(screen.getByRole("button", { name: "Start 1" }));
    await waitFor(() => {
      expect(text("step")).toBe("explore-advance-details");
    });
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(text("step")).toBe("none");
    expect(text("panel")).toBe("closed");
    await waitFor(() => {
      expect(saved).toEqual(["explore-advance-details"]);
    });
  });
});
