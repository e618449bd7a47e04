/** The 'Loading' spinner shown while a page or the session loads. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />
      <span>Loading</span>
    </div>
  );
}
