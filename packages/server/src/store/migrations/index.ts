import type { Migration } from "kysely/migration";
import { usersAndSessions } from "./0001-users-and-sessions.ts";
import { accounts } from "./0002-accounts.ts";
import { joinGrants } from "./0003-join-grants.ts";
import { authFailures } from "./0004-auth-failures.ts";
import { serverSecrets } from "./0005-server-secrets.ts";
import { idempotencyKeys } from "./0006-idempotency-keys.ts";
import { authorizationGroups } from "./0007-authorization-groups.ts";
import { registrationGroupsAndOwners } from "./0008-registration-groups-and-owners.ts";
import { identityProviderGroups } from "./0009-identity-provider-groups.ts";
import { viewAs } from "./0010-view-as.ts";
import { auditTrail } from "./0011-audit-trail.ts";
import { quotas } from "./0012-quotas.ts";
import { streamViewers } from "./0013-stream-viewers.ts";

/** Every migration, in order. Names sort in the order they must run; never rename one that shipped. */
export const migrations: Record<string, Migration> = {
  "0001-users-and-sessions": usersAndSessions,
  "0002-accounts": accounts,
  "0003-join-grants": joinGrants,
  "0004-auth-failures": authFailures,
  "0005-server-secrets": serverSecrets,
  "0006-idempotency-keys": idempotencyKeys,
  "0007-authorization-groups": authorizationGroups,
  "0008-registration-groups-and-owners": registrationGroupsAndOwners,
  "0009-identity-provider-groups": identityProviderGroups,
  "0010-view-as": viewAs,
  "0011-audit-trail": auditTrail,
  "0012-quotas": quotas,
  "0013-stream-viewers": streamViewers,
};
