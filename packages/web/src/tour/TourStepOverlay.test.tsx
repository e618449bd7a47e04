import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { NotificationsProvider } from "../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../context/query-client.ts";
import { stubMatchMedia } from "../test-support/stub-match-media.ts";
import { stubProgressApi } from "./onboarding-api.test-support.ts";
import { TourProvider } from "./TourProvider.tsx";
import { useTour } from "./tour-context.ts";

beforeEach(() => {
  // jsdom lays nothing out and has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function StartButton() {
  const tour = useTour();
  return (
    <button
      type="button"
      onClick={() => {
        tour.start(1);
      }}
    >
      Start chapter 1
    </button>
  );
}

/** The pages of chapter 1 as far as the tour sees them: the marked elements. */
function renderTour() {
  stubMatchMedia();
  vi.stubGlobal("innerWidth", 1000);
  stubProgressApi("welcome-modal");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsProvider>
        <MemoryRouter initialEntries={["/instances"]}>
          <TourProvider>
            <StartButton />
            <button type="button">Somewhere else</button>
            <Routes>
              <Route path="/instances" element={<h1>Instances</h1>} />
              <Route
                path="/applications"
                element={
                  <Link to="/applications/add" data-tour="your-applications">
                    Add application
                  </Link>
                }
              />
              <Route
                path="/applications/add"
                element={
                  <form>
                    <div data-tour="essential-information">
                      <label>
                        Name <input />
                      </label>
                    </div>
                  </form>
                }
              />
            </Routes>
          </TourProvider>
        </MemoryRouter>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
}

async function startChapter1(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Start chapter 1" }));
  return screen.findByRole("region", { name: "Tour step: Your applications" }, { timeout: 2000 });
}

describe("a running step", () => {
  it("highlights its element, gives it the focus and describes it, and moves on with its click", async () => {
    const user = userEvent.setup();
    renderTour();
    const card = await startChapter1(user);
    expect(card).toHaveTextContent("Chapter 1, step 1 of 4");
    const add = screen.getByRole("link", { name: "Add application" });
    await waitFor(() => {
      expect(add).toHaveFocus();
    });
    expect(add).toHaveAccessibleDescription(/Click Add application to upload yours/);
    // The card follows its element in the page's order: Tab goes from one to the other.
    expect(add.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("status")).toHaveTextContent("Tour: Chapter 1, step 1 of 4");

    await user.click(add);
    const next = await screen.findByRole(
      "region",
      { name: "Tour step: Essential information" },
      {
        timeout: 2000,
      },
    );
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
    // Typing in the form is the step's work, not a way out of it.
    await user.type(screen.getByRole("textbox", { name: "Name" }), "chess");
    expect(next).toBeInTheDocument();
    expect(sessionStorage.getItem("anbox-dashboard.tour-step")).toBe("essential-information");
  });

  it("ends with Escape, and the focus returns where it was", async () => {
    const user = userEvent.setup();
    renderTour();
    await startChapter1(user);
    await user.keyboard("{Escape}");
    expect(
      screen.queryByRole("region", { name: "Tour step: Your applications" }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start chapter 1" })).toHaveFocus();
    expect(sessionStorage.getItem("anbox-dashboard.tour-step")).toBeNull();
  });

  it("ends on a click outside the tour and the form, and with End tour", async () => {
    const user = userEvent.setup();
    renderTour();
    await startChapter1(user);
    await user.click(screen.getByRole("button", { name: "Somewhere else" }));
    expect(
      screen.queryByRole("region", { name: "Tour step: Your applications" }),
    ).not.toBeInTheDocument();

    const card = await startChapter1(user);
    await user.click(within(card).getByRole("button", { name: "End tour" }));
    expect(
      screen.queryByRole("region", { name: "Tour step: Your applications" }),
    ).not.toBeInTheDocument();
  });

  it("ends with the browser's back button", async () => {
    const user = userEvent.setup();
    renderTour();
    await startChapter1(user);
    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(
      screen.queryByRole("region", { name: "Tour step: Your applications" }),
    ).not.toBeInTheDocument();
  });
});
