import type { ProfileSession } from "../../api/profile.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The user's live browser sessions, the current one marked. */
export function SessionsTable({ sessions }: { sessions: ProfileSession[] }) {
  return (
    <table className="profile-page__sessions" aria-labelledby="profile-sessions">
      <thead>
        <tr>
          <th scope="col">Signed in</th>
          <th scope="col">Last seen</th>
          <th scope="col">Address</th>
          <th scope="col">Browser</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr key={session.id}>
            <td>
              <time dateTime={session.createdAt}>{formatDate(session.createdAt)}</time>
              {session.current && (
                <>
                  {" "}
                  <span className="p-status-label--positive">This session</span>
                </>
              )}
            </td>
            <td>
              <time dateTime={session.lastSeenAt}>{formatDate(session.lastSeenAt)}</time>
            </td>
            <td>{session.address === "" ? "Unknown" : session.address}</td>
            <td className="profile-page__user-agent" title={session.userAgent}>
              {session.userAgent === "" ? "Unknown" : session.userAgent}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
