import { Suspense } from "react";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { lazyWithRetry, type PreloadableComponent } from "./util/lazy-with-retry.ts";
import { PageLoader } from "./components/PageLoader.tsx";
import { RequireSession } from "./components/RequireSession.tsx";
import {
  AppErrorFallback,
  PageErrorFallback,
} from "./components/error-fallback/RouteErrorFallback.tsx";
import { AppShell } from "./shell/AppShell.tsx";
import { RootLayout } from "./shell/RootLayout.tsx";

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
  profile: lazyWithRetry(() => import("./pages/profile/ProfilePage.tsx")),
  vdi: lazyWithRetry(() => import("./pages/vdi/VdiPage.tsx")),
  notFound: lazyWithRetry(() => import("./pages/not-found/NotFoundPage.tsx")),
} satisfies Record<string, Page>;

/** What a page's route carries for `preloadPageOf`. */
interface PageHandle {
  preload: () => Promise<void>;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && "preload" in handle;
}

/**
 * Starts loading the code of the page an address names. Called with the app's first address, so
 * that the page's code arrives while the session is being checked instead of after.
 */
export function preloadPageOf(location: { pathname: string }): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle: unknown = match.route.handle;
    if (isPageHandle(handle)) void handle.preload();
  }
}

/** A lazily loaded page, with the 'Loading' spinner while its code arrives. */
function route(path: string, Component: Page): RouteObject {
  return {
    path,
    handle: { preload: Component.preload } satisfies PageHandle,
    element: (
      <Suspense fallback={<PageLoader />}>
        <Component />
      </Suspense>
    ),
  };
}

/** SPEC section 2. Two error boundaries: the whole app, and each page inside the shell. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorFallback />,
    children: [
      // Public: no auth check, no navigation, no status bar.
      route("/login", pages.login),
      route("/register", pages.register),
      route("/forbidden", pages.forbidden),
      route("/stream/:token", pages.stream),
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                errorElement: <PageErrorFallback />,
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
                  route("/profile", pages.profile),
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
];

preloadPageOf(window.location);
export const router = createBrowserRouter(routes);
