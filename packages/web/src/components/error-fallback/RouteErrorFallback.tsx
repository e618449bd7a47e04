import { Outlet, useLocation } from "react-router";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { ErrorFallback } from "./ErrorFallback.tsx";

/**
 * The two error boundaries of the app (SPEC section 2): `AppErrorBoundary` around everything (its
 * fallback fills the window) and `PageErrorBoundary` around each page, inside the shell, so that
 * the navigation still works; it tries again on the next address.
 */
export function AppErrorBoundary() {
  return (
    <ErrorBoundary
      fallback={(error) => (
        <main className="window-error" id="main-content">
          <div className="window-error__content">
            <ErrorFallback error={error} />
          </div>
        </main>
      )}
    >
      <Outlet />
    </ErrorBoundary>
  );
}

export function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      key={pathname}
      fallback={(error) => (
        <div className="page-error">
          <ErrorFallback error={error} />
        </div>
      )}
    >
      <Outlet />
    </ErrorBoundary>
  );
}
