import { describeWait } from "../auth/rate-limits/wait-time.ts";
import type { DashboardLook } from "./dashboard-look.ts";
import { escapeHtml, messagePage, pageHeading, renderPage } from "./page.ts";

export const signInTitle = "Sign in to Anbox Cloud";
export const wrongCredentialsMessage = "Wrong e-mail address or password";
export const expiredMessage =
  "This sign-in link has expired. Go back to the dashboard and sign in again.";

export interface LoginPageOptions {
  /** Where the form posts to. */
  action: string;
  /** Kept in the e-mail field after a failed attempt, or from the client's `login_hint`. */
  email?: string;
  /** Shown above the form (wrong password, too many attempts). */
  error?: string;
}

/** The sign-in form of the embedded identity provider, in Vanilla's form and notification. */
export function loginPage(
  look: DashboardLook,
  { action, email = "", error }: LoginPageOptions,
): string {
  const errorArea =
    error === undefined
      ? `<div id="sign-in-error" role="alert"></div>`
      : `<div id="sign-in-error" class="p-notification--negative" role="alert"><div class="p-notification__content"><p class="p-notification__message">${escapeHtml(error)}</p></div></div>`;
  // The e-mail field gets focus on a fresh page, the password field after a failed attempt.
  const focusPassword = email !== "";
  return renderPage(
    look,
    signInTitle,
    `${pageHeading(signInTitle)}
${errorArea}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${focusPassword ? "" : " autofocus"} aria-describedby="sign-in-error">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focusPassword ? " autofocus" : ""}>
<button type="submit" class="p-button--positive">Sign in</button>
</form>`,
  );
}

/** For an unknown, expired or already used interaction. */
export function expiredPage(look: DashboardLook, loginUrl: string): string {
  return messagePage(look, "Sign-in link expired", expiredMessage, {
    href: loginUrl,
    text: "Go to the dashboard sign-in",
  });
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many failed sign-ins. Try again in ${describeWait(retryAfterMs)}.`;
}
