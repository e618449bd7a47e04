/** An inline error of a page: what could not be done, and the server's reason. */
export function ErrorNotice({ title, error }: { title: string; error: Error }) {
  return (
    <div className="p-notification--negative" role="alert">
      <div className="p-notification__content">
        <h2 className="p-notification__title">{title}</h2>
        <p className="p-notification__message">{error.message}</p>
      </div>
    </div>
  );
}
