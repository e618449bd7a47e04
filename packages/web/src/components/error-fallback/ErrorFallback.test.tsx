import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Outlet, Route, Routes } from "react-router";
import { ErrorFallback } from "./ErrorFallback.tsx";
import { AppErrorBoundary, PageErrorBoundary } from "./RouteErrorFallback.tsx";
import { bugTrackerUrl } from "../../util/links.ts";

function Crash(): never {
  throw new Error("The widget broke");
}

describe("ErrorFallback", () => {
  it("says what went wrong, links to the bug tracker, shows the message and the stack", () => {
    const error = new Error("Cannot read properties of undefined");
    render(<ErrorFallback error={error} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Something has gone wrong. If this issue persists, please report a bug",
    );
    expect(screen.getByRole("link", { name: "report a bug" })).toHaveAttribute(
      "href",
      bugTrackerUrl,
    );
    expect(screen.getByText("Cannot read properties of undefined")).toBeInTheDocument();
    expect(screen.getByLabelText("Stack trace").textContent).toBe(error.stack);
  });

  it("catches a crashing page inside the shell, which stays, and tries again on the next page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <Routes>
          <Route element={<AppErrorBoundary />}>
            <Route
              element={
                <div>
                  <p>Navigation still here</p>
                  <Link to="/fine">Go elsewhere</Link>
                  <Outlet />
                </div>
              }
            >
              <Route element={<PageErrorBoundary />}>
                <Route path="/broken" element={<Crash />} />
                <Route path="/fine" element={<p>A page that works</p>} />
              </Route>
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText("The widget broke")).toBeInTheDocument();
    expect(screen.getByText("Navigation still here")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Go elsewhere" }));
    expect(await screen.findByText("A page that works")).toBeInTheDocument();
    expect(screen.queryByText("The widget broke")).toBeNull();
    vi.restoreAllMocks();
  });

  it("replaces the whole app when the shell itself crashes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <Routes>
          <Route element={<AppErrorBoundary />}>
            <Route path="/" element={<Crash />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText("The widget broke")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Something has gone wrong.");
    vi.restoreAllMocks();
  });
});
