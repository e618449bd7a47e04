import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { ErrorFallback } from "./ErrorFallback.tsx";
import { AppErrorFallback, PageErrorFallback } from "./RouteErrorFallback.tsx";
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

  it("catches a crashing page inside the shell, which stays", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: "/",
        errorElement: <AppErrorFallback />,
        element: (
          <div>
            <p>Navigation still here</p>
            <Outlet />
          </div>
        ),
        children: [
          { errorElement: <PageErrorFallback />, children: [{ index: true, element: <Crash /> }] },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("The widget broke")).toBeInTheDocument();
    expect(screen.getByText("Navigation still here")).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("replaces the whole app when the shell itself crashes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: "/", errorElement: <AppErrorFallback />, element: <Crash /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("The widget broke")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Something has gone wrong.");
    vi.restoreAllMocks();
  });
});
