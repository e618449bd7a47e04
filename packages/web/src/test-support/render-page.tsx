import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { createQueryClient } from "../context/query-client.ts";
import { NotificationsProvider } from "../context/notifications/NotificationsProvider.tsx";
import { stubMatchMedia } from "./stub-match-media.ts";

/** A route of the page under test: its path and what it shows. */
export interface PageRoute {
  path: string;
  element: ReactNode;
}

/** The address the router is at, for a test to read (`data-testid="location"`). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface Options {
  queryClient?: QueryClient;
  /**
   * Where the address probe shows: on every page (a test reads what a page wrote in its query), or
   * only once the router has left the given routes (a test waits for where a form moved on to).
   */
  probe?: "everywhere" | "elsewhere";
}

/**
 * Renders the pages of `routes` at `path` with the app's providers: a query client with the app's
 * policy (`createQueryClient`), the notifications, and a router (with a probe of its address).
 * Requests go to whatever `fetch` is: a `FakeApi` declared by the test.
 */
export function renderPage(
  path: string,
  routes: readonly PageRoute[],
  { queryClient = createQueryClient(), probe = "everywhere" }: Options = {},
): { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  stubMatchMedia();
  const router = createMemoryRouter(
    [
      ...routes.map((route) => ({
        path: route.path,
        element: (
          <>
            {route.element}
            {probe === "everywhere" && <LocationProbe />}
          </>
        ),
      })),
      { path: "*", element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
