import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <main className="p-strip" id="main-content">
      <div className="row">
        <h1 className="p-heading--2">Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link to="/">Go to the dashboard</Link>
      </div>
    </main>
  );
}
