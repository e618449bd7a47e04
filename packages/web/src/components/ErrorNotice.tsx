import { Notice } from "./Notice.tsx";

/** An inline error of a page: what could not be done, and the server's reason. */
export function ErrorNotice({
  title,
  error,
  heading,
}: {
  title?: string;
  error: Pick<Error, "message">;
  heading?: "h2" | "h3" | "h4";
}) {
  return <Notice kind="negative" title={title} heading={heading} message={error.message} />;
}
