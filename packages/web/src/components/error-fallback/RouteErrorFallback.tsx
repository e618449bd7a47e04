import { useRouteError } from "react-router";
import { ErrorFallback } from "./ErrorFallback.tsx";

/**
 * The two error boundaries of the app, as router error elements: `AppErrorFallback` around
 * everything (it fills the window) and `PageErrorFallback` around each page (inside the shell, so
 * that the navigation still works).
 */
export function AppErrorFallback() {
  const error = useRouteError();
  return (
    <main className="p-strip" id="main-content">
      <div className="row">
        <ErrorFallback error={error} />
      </div>
    </main>
  );
}

export function PageErrorFallback() {
  const error = useRouteError();
  return (
    <div className="page-error">
      <ErrorFallback error={error} />
    </div>
  );
}
