/**
 * The whole-window error shown when the dashboard cannot start: `title` and `message` on their
 * own lines (the message keeps the line breaks it has).
 */
export function RootError({ title, message }: { title: string; message: string }) {
  return (
    <main className="window-error root-error" id="main-content">
      <div className="window-error__content">
        <div className="p-notification--negative">
          <div className="p-notification__content">
            <p className="p-notification__message root-error__text" role="alert">
              {title}
              {"\n"}
              {message === "" ? "Unknown reason" : message}
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}
