import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link, MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { NotificationsProvider } from "../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../context/query-client.ts";
import { stubMatchMedia } from "../test-support/stub-match-media.ts";
import { stubProgressApi } from "./onboarding-api.test-support.ts";
import { useReportTourFact } from "./tour-facts.ts";
import { TourProvider } from "./TourProvider.tsx";
import type { TourStepId } from "./tour-step-ids.ts";

// Chapter 2's form as the tour sees it: the steps that ask for a choice wait for it, a choice
// undone takes the tour back, and "Create and start" moves on only once the form is accepted.

beforeEach(() => {
  // jsdom lays nothing out and has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The create form's parts the tour's steps point at, reporting its choices as the real one does. */
function CreateForm() {
  const navigate = useNavigate();
  const [application, setApplication] = useState("");
  const [streaming, setStreaming] = useState(false);
  const [name, setName] = useState("");
  const [refused, setRefused] = useState(false);
  useReportTourFact("application-chosen", application !== "");
  useReportTourFact("streaming-enabled", streaming);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name === "taken") setRefused(true);
        else void navigate("/instances/default/i1");
      }}
    >
      {refused && <div role="alert">An instance of that name exists.</div>}
      <label>
        Name{" "}
        <input
          value={name}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </label>
      <section data-tour="source-details">
        <label>
          Application{" "}
          <select
            value={application}
            onChange={(event) => {
              setApplication(event.target.value);
            }}
          >
            <option value="">Choose an application</option>
            <option value="a1">hello-app</option>
          </select>
        </label>
      </section>
      <div data-tour="other-configuration-sections">
        <p>Resources</p>
      </div>
      <section data-tour="instance-capabilities">
        <label>
          <input
            type="checkbox"
            checked={streaming}
            onChange={(event) => {
              setStreaming(event.target.checked);
            }}
          />{" "}
          Enable streaming
        </label>
        <p>The instance can be streamed to a browser.</p>
      </section>
      <button type="submit" data-tour="create-your-instance">
        Create and start
      </button>
    </form>
  );
}

function renderAt(stepId: TourStepId) {
  stubMatchMedia();
  vi.stubGlobal("innerWidth", 1280);
  stubProgressApi("create-an-application");
  // The step this tab was on: a reload continues it (active-step.ts).
  sessionStorage.setItem("anbox-dashboard.tour-step", stepId);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsProvider>
        <MemoryRouter initialEntries={["/instances/new"]}>
          <TourProvider>
            <Routes>
              <Route path="/instances/new" element={<CreateForm />} />
              <Route
                path="/instances/:clusterId/:instanceId"
                element={
                  <div data-tour="browse-your-instances">
                    <Link to="/instances">Instances</Link>
                    <h1>i1</h1>
                  </div>
                }
              />
            </Routes>
          </TourProvider>
        </MemoryRouter>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
}

function findCard(title: string) {
  return screen.findByRole("region", { name: `Tour step: ${title}` }, { timeout: 2000 });
}

describe("a step that asks for a choice", () => {
  it("keeps Next disabled, saying what is still to do, until the choice is made", async () => {
    const user = userEvent.setup();
    renderAt("source-details");
    const card = await findCard("Source");
    const next = within(card).getByRole("button", { name: "Next" });
    // Vanilla's button stays focusable, marked disabled, and ignores clicks.
    expect(next).toHaveAttribute("aria-disabled", "true");
    await user.click(next);
    expect(card).toBeInTheDocument();
    expect(next).toHaveAccessibleDescription(/Make it from An application, and choose yours/);
    await user.selectOptions(screen.getByRole("combobox", { name: "Application" }), "a1");
    await waitFor(() => {
      expect(next).not.toHaveAttribute("aria-disabled");
    });
    expect(within(card).queryByText(/Still to do/)).toBeNull();
    await user.click(next);
    expect(await findCard("Capabilities")).toBeInTheDocument();
  });

  it("does not move on with a click beside the box, only with the box ticked and Next", async () => {
    const user = userEvent.setup();
    renderAt("source-details");
    await user.selectOptions(screen.getByRole("combobox", { name: "Application" }), "a1");
    await user.click(within(await findCard("Source")).getByRole("button", { name: "Next" }));
    const card = await findCard("Capabilities");
    await user.click(screen.getByText("The instance can be streamed to a browser."));
    expect(card).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Next" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.click(screen.getByRole("checkbox", { name: "Enable streaming" }));
    await user.click(within(card).getByRole("button", { name: "Next" }));
    expect(await findCard("Other settings")).toBeInTheDocument();
  });

  it("goes back to the step whose choice was undone, or that a reload emptied", async () => {
    const user = userEvent.setup();
    // A reload on the last step: the form is empty again.
    renderAt("create-your-instance");
    expect(await findCard("Source")).toBeInTheDocument();
    expect(sessionStorage.getItem("anbox-dashboard.tour-step")).toBe("source-details");

    await user.selectOptions(screen.getByRole("combobox", { name: "Application" }), "a1");
    await user.click(within(await findCard("Source")).getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("checkbox", { name: "Enable streaming" }));
    await user.click(within(await findCard("Capabilities")).getByRole("button", { name: "Next" }));
    await findCard("Other settings");
    // Unticked at the next step: back to the box.
    await user.click(screen.getByRole("checkbox", { name: "Enable streaming" }));
    expect(await findCard("Capabilities")).toBeInTheDocument();
  });
});

describe("the step that sends the form", () => {
  it("stays and says so while the form refuses, and moves on once it is accepted", async () => {
    const user = userEvent.setup();
    renderAt("source-details");
    await user.selectOptions(screen.getByRole("combobox", { name: "Application" }), "a1");
    await user.click(within(await findCard("Source")).getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("checkbox", { name: "Enable streaming" }));
    await user.click(within(await findCard("Capabilities")).getByRole("button", { name: "Next" }));
    await user.click(
      within(await findCard("Other settings")).getByRole("button", { name: "Next" }),
    );
    const card = await findCard("Create your instance");
    const send = screen.getByRole("button", { name: "Create and start" });
    await waitFor(() => {
      expect(send).toHaveFocus();
    });

    await user.type(screen.getByRole("textbox", { name: "Name" }), "taken");
    await user.click(send);
    await waitFor(() => {
      expect(card).toHaveTextContent(
        "Not sent yet: The instance was not created: the form says why",
      );
    });
    expect(screen.getByRole("region", { name: "Tour step: Create your instance" })).toBe(card);

    await user.clear(screen.getByRole("textbox", { name: "Name" }));
    await user.click(send);
    const starting = await findCard("Your instance is starting");
    // A step that explains: the focus on its Done, not on the page's first link in the ring.
    await waitFor(() => {
      expect(within(starting).getByRole("button", { name: "Done" })).toHaveFocus();
    });
    expect(sessionStorage.getItem("anbox-dashboard.tour-step")).toBe("browse-your-instances");
  });
});
