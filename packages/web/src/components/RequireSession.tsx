import { useQuery } from "@tanstack/react-query";
import { Navigate, Outlet, useLocation } from "react-router";
import { ApiError } from "../api/api-fetch.ts";
import { fetchSessionInfo } from "../api/session-info.ts";
import { queryKeys } from "../context/query-keys.ts";
import { PageLoader } from "./PageLoader.tsx";

/**
 * Renders its routes for a signed-in user; sends anyone else to the login page, remembering where
 * they were, and a user the server refuses (403: disabled, no access) to the access-denied page.
 */
export function RequireSession() {
  const location = useLocation();
  const info = useQuery({
    queryKey: queryKeys.info(),
    queryFn: ({ signal }) => fetchSessionInfo(signal),
  });

  if (info.isPending) return <PageLoader />;
  if (info.isError) {
    if (info.error instanceof ApiError && info.error.status === 401) {
      const from = `${location.pathname}${location.search}`;
      return <Navigate to="/login" replace state={{ from }} />;
    }
    if (info.error instanceof ApiError && info.error.status === 403) {
      return <Navigate to="/forbidden" replace />;
    }
    return (
      <main className="p-strip" id="main-content">
        <div className="row p-notification--negative">
          <div className="p-notification__content">
            <h1 className="p-notification__title">Cannot load your session</h1>
            <p className="p-notification__message">{info.error.message}</p>
          </div>
        </div>
      </main>
    );
  }
  return <Outlet />;
}
