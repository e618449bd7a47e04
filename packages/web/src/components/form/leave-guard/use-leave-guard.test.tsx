import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Link, Route, Routes, useLocation } from "react-router";
import { AppRouter } from "../../../context/app-router.tsx";
import { useLeaveGuard } from "./use-leave-guard.ts";

// The leave guard in the app's own router (Back, links and reloads), as a form uses it.

function Form() {
  const [text, setText] = useState("");
  useLeaveGuard(text !== "");
  return (
    <form>
      <label>
        Name
        <input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </label>
      <Link to="/away">Away</Link>
      <Link to="/form?search=x">Search</Link>
    </form>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderApp() {
  render(
    <AppRouter>
      <Routes>
        <Route path="/" element={<Link to="/form">Open the form</Link>} />
        <Route path="/form" element={<Form />} />
        <Route path="/away" element={<p>Somewhere else</p>} />
      </Routes>
      <Where />
    </AppRouter>,
  );
}

const where = () => screen.getByTestId("where");
const dialog = () => screen.queryByRole("dialog", { name: "Leave without saving?" });

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("useLeaveGuard", () => {
  it("lets a form with nothing typed go without asking", async () => {
    renderApp();
    await userEvent.click(screen.getByRole("link", { name: "Open the form" }));
    await userEvent.click(screen.getByRole("link", { name: "Away" }));
    expect(await screen.findByText("Somewhere else")).toBeVisible();
    expect(dialog()).toBeNull();
  });

  it("asks before a link leaves typed input: Cancel stays, Leave goes", async () => {
    renderApp();
    await userEvent.click(screen.getByRole("link", { name: "Open the form" }));
    await userEvent.type(screen.getByLabelText("Name"), "web-1");
    await userEvent.click(screen.getByRole("link", { name: "Away" }));
    // Its code was asked for when the form got its input: it may still be on its way.
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toHaveTextContent(
      "What you typed in this form has not been sent",
    );
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog()).toBeNull();
    expect(where()).toHaveTextContent("/form");
    expect(screen.getByLabelText("Name")).toHaveValue("web-1");

    await userEvent.click(screen.getByRole("link", { name: "Away" }));
    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Somewhere else")).toBeVisible();
  });

  it("lets the query of the same page change without asking (a search is no leaving)", async () => {
    renderApp();
    await userEvent.click(screen.getByRole("link", { name: "Open the form" }));
    await userEvent.type(screen.getByLabelText("Name"), "web-1");
    await userEvent.click(screen.getByRole("link", { name: "Search" }));
    expect(dialog()).toBeNull();
    expect(window.location.search).toBe("?search=x");
    expect(screen.getByLabelText("Name")).toHaveValue("web-1");
  });

  it("asks before Back leaves typed input, and puts the address back until Leave", async () => {
    renderApp();
    await userEvent.click(screen.getByRole("link", { name: "Open the form" }));
    await userEvent.type(screen.getByLabelText("Name"), "web-1");
    act(() => {
      window.history.back();
    });
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(window.location.pathname).toBe("/form");
    expect(screen.getByLabelText("Name")).toHaveValue("web-1");
    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("link", { name: "Open the form" })).toBeVisible();
    expect(window.location.pathname).toBe("/");
  });

  it("has the browser ask before a reload only while something is typed", async () => {
    renderApp();
    await userEvent.click(screen.getByRole("link", { name: "Open the form" }));
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText("Name"), "x");
    expect(unload()).toBe(true);
  });
});
