import { bugTrackerUrl } from "../../util/links.ts";
import { Notice } from "../Notice.tsx";

/** The message and stack of whatever was thrown (an `Error`, or anything). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** What a crashed part of the dashboard shows instead of itself. */
export function ErrorFallback({ error }: { error: unknown }) {
  const { message, stack } = describeError(error);
  return (
    <Notice
      kind="negative"
      className="error-fallback"
      message={
        <>
          Something has gone wrong. If this issue persists, please{" "}
          <a href={bugTrackerUrl} target="_blank" rel="noreferrer">
            report a bug
          </a>
        </>
      }
    >
      <p className="p-notification__message">
        <strong>Error:</strong> {message}
      </p>
      {stack && (
        <pre className="error-fallback__stack" aria-label="Stack trace">
          <code>{stack}</code>
        </pre>
      )}
    </Notice>
  );
}
