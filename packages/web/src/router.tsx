import { Suspense, type ReactNode } from "react";
import { createBrowserRouter } from "react-router";
import { lazyWithRetry } from "./util/lazy-with-retry.ts";
import { PageLoader } from "./components/PageLoader.tsx";
import { RequireSession } from "./components/RequireSession.tsx";

const LoginPage = lazyWithRetry(() => import("./pages/login/LoginPage.tsx"));
const HomePage = lazyWithRetry(() => import("./pages/home/HomePage.tsx"));
const NotFoundPage = lazyWithRetry(() => import("./pages/not-found/NotFoundPage.tsx"));
const RegisterPage = lazyWithRetry(() => import("./pages/register/RegisterPage.tsx"));
const ForbiddenPage = lazyWithRetry(() => import("./pages/forbidden/ForbiddenPage.tsx"));
const ProfilePage = lazyWithRetry(() => import("./pages/profile/ProfilePage.tsx"));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

export const router = createBrowserRouter([
  {
    path: "/login",
    element: (
      <Page>
        <LoginPage />
      </Page>
    ),
  },
  {
    path: "/register",
    element: (
      <Page>
        <RegisterPage />
      </Page>
    ),
  },
  {
    path: "/forbidden",
    element: (
      <Page>
        <ForbiddenPage />
      </Page>
    ),
  },
  {
    element: <RequireSession />,
    children: [
      {
        path: "/profile",
        element: (
          <Page>
            <ProfilePage />
          </Page>
        ),
      },
      {
        path: "/",
        element: (
          <Page>
            <HomePage />
          </Page>
        ),
      },
      {
        path: "*",
        element: (
          <Page>
            <NotFoundPage />
          </Page>
        ),
      },
    ],
  },
]);
