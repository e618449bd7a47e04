import { Suspense } from "react";
import { matchRoutes, useRoutes, type RouteObject } from "react-router";
import type { QueryClient } from "@tanstack/react-query";
import { lazyWithRetry, type PreloadableComponent } from "./util/lazy-with-retry.ts";
import { PageLoader } from "./components/PageLoader.tsx";
import { RequireSession } from "./components/RequireSession.tsx";
import { preloadSessionInfo } from "./queries/session-info.ts";
import {
  AppErrorBoundary,
  PageErrorBoundary,
} from "./components/error-fallback/RouteErrorFallback.tsx";
import { AppShell } from "./shell/AppShell.tsx";
import { RootLayout } from "./shell/RootLayout.tsx";
import { preloadNodesPage } from "./pages/nodes/preload-nodes-page.ts";
import { preloadInstancesPage } from "./pages/instances/list/preload-instances-page.ts";
import { isFirstPagePath, type FirstPagePath } from "./first-pages.ts";

type Page = PreloadableComponent<object>;

const pages = {
  login: lazyWithRetry(() => import("./pages/login/LoginPage.tsx")),
  register: lazyWithRetry(() => import("./pages/register/RegisterPage.tsx")),
  forbidden: lazyWithRetry(() => import("./pages/forbidden/ForbiddenPage.tsx")),
  stream: lazyWithRetry(() => import("./pages/stream/StreamPage.tsx")),
  landing: lazyWithRetry(() => import("./pages/landing/LandingPage.tsx")),
  instances: lazyWithRetry(() => import("./pages/instances/InstancesPage.tsx")),
  instanceCreate: lazyWithRetry(() => import("./pages/instances/InstanceCreatePage.tsx")),
  instanceDetail: lazyWithRetry(() => import("./pages/instances/InstanceDetailPage.tsx")),
  applications: lazyWithRetry(() => import("./pages/applications/ApplicationsPage.tsx")),
  applicationAdd: lazyWithRetry(() => import("./pages/applications/ApplicationAddPage.tsx")),
  applicationDetail: lazyWithRetry(() => import("./pages/applications/ApplicationDetailPage.tsx")),
  applicationEdit: lazyWithRetry(() => import("./pages/applications/ApplicationEditPage.tsx")),
  images: lazyWithRetry(() => import("./pages/images/ImagesPage.tsx")),
  imageDetail: lazyWithRetry(() => import("./pages/images/ImageDetailPage.tsx")),
  session: lazyWithRetry(() => import("./pages/sessions/SessionPage.tsx")),
  nodes: lazyWithRetry(() => import("./pages/nodes/NodesPage.tsx")),
  registry: lazyWithRetry(() => import("./pages/registry/RegistryPage.tsx")),
  config: lazyWithRetry(() => import("./pages/config/ConfigPage.tsx")),
  operations: lazyWithRetry(() => import("./pages/operations/OperationsPage.tsx")),
  audit: lazyWithRetry(() => import("./pages/audit/AuditPage.tsx")),
  profile: lazyWithRetry(() => import("./pages/profile/ProfilePage.tsx")),
  permissions: lazyWithRetry(() => import("./pages/permissions/PermissionsPage.tsx")),
  vdi: lazyWithRetry(() => import("./pages/vdi/VdiPage.tsx")),
  notFound: lazyWithRetry(() => import("./pages/not-found/NotFoundPage.tsx")),
} satisfies Record<string, Page>;

/** Where a page's first data request can start from: the address alone. */
interface PageAddress {
  pathname: string;
  search: string;
}

/** Asks for the data a page shows first, into the cache its queries read. */
type PageDataPreload = (queryClient: QueryClient, address: PageAddress) => void;

/** What a route carries for `preloadPageOf`: its page's code, the data it shows first. */
interface RouteHandle {
  preload?: () => Promise<void>;
  preloadData?: PageDataPreload;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null;
}

/**
 * Starts loading the code of the page an address names, and the data it shows first where its
 * routes say how (the session check, a list's first page). Called with the app's first address,
 * so that all of it arrives together instead of the page's code and data waiting for the session
 * check (bench/nodes-page.bench.ts). Signed out, the data requests are refused like the session
 * check and the login page follows; a page's query asks again once it is shown. Settles once the
 * page's code has arrived (or failed: its route then tries again and shows why).
 */
export function preloadPageOf(address: PageAddress, queryClient: QueryClient): Promise<void> {
  const code: Promise<void>[] = [];
  for (const match of matchRoutes(routes, address) ?? []) {
    const handle: unknown = match.route.handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.preload) code.push(handle.preload());
    handle.preloadData?.(queryClient, address);
  }
  return Promise.all(code).then(() => undefined);
}

/**
 * The data each page of the early pages' table (first-pages.ts) shows first, into the cache its
 * queries read: the early-requests script has started the same calls, and these take their
 * answers. A page added to the table without its preload here (or the other way) fails the
 * type check.
 */
const firstPageData: Record<FirstPagePath, PageDataPreload> = {
  "/instances": preloadInstancesPage,
  "/nodes": preloadNodesPage,
};

/**
 * A lazily loaded page, with the 'Loading' spinner while its code arrives; an early page's route
 * preloads its data too.
 */
function route(path: string, Component: Page): RouteObject {
  const handle: RouteHandle = { preload: Component.preload };
  if (isFirstPagePath(path)) handle.preloadData = firstPageData[path];
  return {
    path,
    handle,
    element: (
      <Suspense fallback={<PageLoader />}>
        <Component />
      </Suspense>
    ),
  };
}

/**
 * SPEC section 2. Two error boundaries: the whole app, and each page inside the shell. The routes
 * are matched by `<Routes>` in the `<AppRouter>` (AppRoutes; context/app-router.tsx), not by a
 * data router: the app loads its data with TanStack Query, and the data router's code is a third
 * of the router's weight in the first load.
 */
export const routes: RouteObject[] = [
  {
    element: <AppErrorBoundary />,
    children: [
      {
        element: <RootLayout />,
        children: [
          // Public: no auth check, no navigation, no status bar.
          route("/login", pages.login),
          route("/register", pages.register),
          route("/forbidden", pages.forbidden),
          route("/stream/:token", pages.stream),
          {
            element: <RequireSession />,
            handle: { preloadData: preloadSessionInfo } satisfies RouteHandle,
            children: [
              {
                element: <AppShell />,
                children: [
                  {
                    element: <PageErrorBoundary />,
                    children: [
                      route("/", pages.landing),
                      route("/instances", pages.instances),
                      route("/instances/new", pages.instanceCreate),
                      route("/instances/:clusterId/:instanceId", pages.instanceDetail),
                      route("/instances/:clusterId/:instanceId/:tab", pages.instanceDetail),
                      route("/applications", pages.applications),
                      route("/applications/add", pages.applicationAdd),
                      route("/applications/edit/:clusterId/:id", pages.applicationEdit),
                      route("/applications/:clusterId/:id", pages.applicationDetail),
                      route("/applications/:clusterId/:id/:tab", pages.applicationDetail),
                      route("/images", pages.images),
                      route("/images/:clusterId/:id", pages.imageDetail),
                      route("/images/:clusterId/:id/:tab", pages.imageDetail),
                      route("/sessions/:sessionId", pages.session),
                      route("/nodes", pages.nodes),
                      route("/registry", pages.registry),
                      route("/config", pages.config),
                      route("/config/:clusterId", pages.config),
                      route("/operations", pages.operations),
                      route("/audit", pages.audit),
                      route("/profile", pages.profile),
                      route("/permissions", pages.permissions),
                      route("/permissions/:tab", pages.permissions),
                      route("/vdi", pages.vdi),
                      route("/vdi/:sessionId", pages.vdi),
                      route("*", pages.notFound),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's routes, rendered where the address matches them (inside the `AppRouter`). */
export function AppRoutes() {
  return useRoutes(routes);
}
