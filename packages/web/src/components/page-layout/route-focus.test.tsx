import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  createMemoryRouter,
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useSearchParams,
} from "react-router";
import { PageLayout } from "./PageLayout.tsx";
import { RouteFocusProvider } from "./route-focus.tsx";

function Root() {
  return (
    <RouteFocusProvider>
      <Link to="/instances/new">Create instance</Link>
      <Link to="/instances">All instances</Link>
      <main id="main-content">
        <Outlet />
      </main>
    </RouteFocusProvider>
  );
}

function InstancesPage() {
  const [params, setParams] = useSearchParams();
  return (
    <PageLayout title="Instances">
      <button
        type="button"
        onClick={() => {
          setParams({ page: String(Number(params.get("page") ?? "1") + 1) });
        }}
      >
        Next page
      </button>
    </PageLayout>
  );
}

function renderApp(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: "/", element: <Navigate to="/instances" replace /> },
          { path: "/instances", element: <InstancesPage /> },
          {
            path: "/instances/new",
            element: (
              <PageLayout title="Create instance">
                <input aria-label="Name" />
              </PageLayout>
            ),
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
}

describe("route focus", () => {
  it("leaves the focus alone on the first load, even through a redirect", async () => {
    renderApp("/");
    const heading = await screen.findByRole("heading", { name: "Instances" });
    expect(heading).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it("moves the focus to the new page's heading after a navigation, Tab then goes on in the page", async () => {
    const user = userEvent.setup();
    renderApp("/instances");
    await user.click(screen.getByRole("link", { name: "Create instance" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Create instance" });
    expect(heading).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
  });

  it("does not take the focus when only the page's URL state changes", async () => {
    const user = userEvent.setup();
    renderApp("/instances/new");
    await user.click(screen.getByRole("link", { name: "All instances" }));
    expect(await screen.findByRole("heading", { name: "Instances" })).toHaveFocus();
    const next = screen.getByRole("button", { name: "Next page" });
    await user.click(next);
    expect(next).toHaveFocus();
  });
});
