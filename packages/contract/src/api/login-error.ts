/**
 * Why a sign-in failed: the server sends the browser to `/login?error=<code>` and the login page
 * shows the message. Codes, not text, travel in the URL, so that no one can make the login page
 * say something of their choosing.
 */
export const loginErrorMessages = {
  expired: "The sign-in took too long or was started in another window. Please try again.",
  provider: "The identity provider did not sign you in. Please try again.",
  "invalid-response": "The identity provider's answer could not be verified. Please try again.",
  unavailable: "The identity provider cannot be reached. Please try again later.",
  "too-many-attempts": "Too many failed sign-ins from your address. Please wait and try again.",
  "registration-invalid":
    "This registration link is not valid: it was used already, it expired, or it is mistyped. Ask for a new one.",
  "registration-email-mismatch":
    "This registration link was made for another e-mail address than the one you signed in with.",
  "registration-email-missing":
    "The identity provider did not tell the dashboard your e-mail address, which registration needs.",
  "account-exists": "A dashboard account with your e-mail address exists already.",
} as const;

export type LoginErrorCode = keyof typeof loginErrorMessages;

export function isLoginErrorCode(value: string): value is LoginErrorCode {
  return Object.hasOwn(loginErrorMessages, value);
}
