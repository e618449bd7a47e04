import { bugTrackerUrl } from "../../util/links.ts";

/** The message and stack of whatever was thrown (an `Error`, or anything). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** What a crashed part of the dashboard shows instead of itself. */
export function ErrorFallback({ error }: { error: unknown }) {
  const { message, stack } = describeError(error);
  return (
    <div className="error-fallback p-notification--negative" role="alert">
      <div className="p-notification__content">
        <p className="p-notification__message">
          Something has gone wrong. If this issue persists, please{" "}
          <a href={bugTrackerUrl} target="_blank" rel="noreferrer">
            report a bug
          </a>
        </p>
        <p className="p-notification__message">
          <strong>Error:</strong> {message}
        </p>
        {stack && (
          <pre className="error-fallback__stack" aria-label="Stack trace">
            <code>{stack}</code>
          </pre>
        )}
      </div>
    </div>
  );
}
