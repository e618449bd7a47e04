import { PublicCard } from "../../components/PublicCard.tsx";

/**
 * `/forbidden`: where a 403 leads. Public, since the person is signed in but may do nothing; the
 * way out is to log out (and in again as someone else).
 */
export default function ForbiddenPage() {
  return (
    <PublicCard>
      <h1 className="p-heading--3">Access denied</h1>
      <p>
        You are signed in, but your account has been disabled or has no access to this dashboard.
        Ask an administrator of the dashboard to enable it.
      </p>
      {/* A plain link: /logout is served by the server, not by the app's router. */}
      <a className="p-button" href="/logout">
        Log out
      </a>
    </PublicCard>
  );
}
