import { Notice } from "../components/Notice.tsx";

/**
 * The whole-window error shown when the dashboard cannot start: `title` and `message` on their
 * own lines (the message keeps the line breaks it has).
 */
export function RootError({ title, message }: { title: string; message: string }) {
  return (
    <main className="window-error root-error" id="main-content">
      <div className="window-error__content">
        <Notice
          kind="negative"
          className="root-error__text"
          message={
            <>
              {title}
              {"\n"}
              {message === "" ? "Unknown reason" : message}
            </>
          }
        />
      </div>
    </main>
  );
}
