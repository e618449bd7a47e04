import type { SignedInUser } from "../store/browser-sessions.ts";
import type { Grant } from "./entitlements.ts";

/** Where the decision gate reads what a signed-in user holds. */
export type GrantsSource = (user: SignedInUser) => Promise<readonly Grant[]>;

const everything: readonly Grant[] = [{ entitlement: "admin", resource: "server" }];

/**
 * What every signed-in user holds until identities get groups (issue 37): `admin` on `server`, so
 * that each may do everything, as before access was decided in one place.
 */
export const everySignedInUserIsAdmin: GrantsSource = () => Promise.resolve(everything);
