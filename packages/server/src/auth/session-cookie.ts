/** The cookie that carries the browser session id; the session itself lives in the database. */
export const sessionCookieName = "dashboard_session";
