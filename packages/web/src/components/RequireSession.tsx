import { useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSessionInfo } from "../queries/session-info.ts";
import { useMyPermissions } from "../queries/permissions.ts";
import { readGlobalError } from "../shell/global-error.ts";
import { rootErrorOutcome } from "../shell/root-error.ts";
import { RootError } from "../shell/RootError.tsx";
import { PageLoader } from "./PageLoader.tsx";

/**
 * Renders its routes for a signed-in user; sends anyone else to the login page, remembering where
 * they were, and a user the server refuses (403: disabled, no access) to the access-denied page.
 * Any other failure, and an error the server put in the page, is shown instead of the dashboard.
 */
export function RequireSession() {
  const location = useLocation();
  const info = useSessionInfo();
  // Asked with the session info, and waited for: the navigation and the pages then show what the
  // user may do from their first frame, with nothing appearing or greying out after it. Its
  // failure leaves every action offered (the server decides anyway).
  const permissions = useMyPermissions();
  // Read once: the page's markup does not change while it is open.
  const [globalError] = useState(() => readGlobalError(document));

  if (globalError) return <RootError title={globalError.header} message={globalError.message} />;
  if (info.isPending || (info.isSuccess && permissions.isPending)) return <PageLoader />;
  if (info.isError) {
    const outcome = rootErrorOutcome(info.error);
    if (outcome.kind === "login") {
      const from = `${location.pathname}${location.search}`;
      return <Navigate to="/login" replace state={{ from }} />;
    }
    if (outcome.kind === "forbidden") return <Navigate to="/forbidden" replace />;
    return <RootError title={outcome.title} message={outcome.message} />;
  }
  return <Outlet />;
}
