import type { Generated } from "kysely";

/** The dashboard's own tables. Timestamps are ISO-8601 UTC text: sortable on both engines. */
export interface DatabaseSchema {
  users: UsersTable;
  browser_sessions: BrowserSessionsTable;
  registration_tokens: RegistrationTokensTable;
  idp_accounts: IdpAccountsTable;
  idp_payloads: IdpPayloadsTable;
  user_events: UserEventsTable;
  audit_log: AuditLogTable;
  join_grants: JoinGrantsTable;
  auth_failures: AuthFailuresTable;
  auth_known_pairs: AuthKnownPairsTable;
  server_secrets: ServerSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_groups: AuthGroupsTable;
  auth_group_members: AuthGroupMembersTable;
  auth_group_permissions: AuthGroupPermissionsTable;
  resource_owners: ResourceOwnersTable;
  auth_provider_groups: AuthProviderGroupsTable;
  auth_group_limits: AuthGroupLimitsTable;
  quota_charges: QuotaChargesTable;
  stream_views: StreamViewsTable;
  stream_shares: StreamSharesTable;
  quota_locks: QuotaLocksTable;
}

/** A group's limit on one key (contract api/quotas.ts), on a cluster or, with '', on all. */
export interface AuthGroupLimitsTable {
  group_name: string;
  key: string;
  cluster_id: string;
  value: number;
}

/** A group an instance counts against (store/quota-charges.ts). */
export interface QuotaChargesTable {
  group_name: string;
  resource: string;
  charged_at: Generated<string>;
}

/** A stream watched now, and the groups it counts against (store/stream-views.ts). */
export interface StreamViewsTable {
  view_id: string;
  cluster_id: string;
  stream_session_id: string;
  /** The gateway's viewer; '' when its gateway has one client a session. */
  viewer_id: string;
  user_id: string;
  /** '' for a share link's viewer. */
  browser_session_id: string;
  share_hash: string;
  /** Group names, one per line. */
  groups: string;
  joined_at: string;
  /** Pushed forward while its page plays it: a view not seen for a while has ended. */
  seen_at: string;
}

/** Who made a share link, and the groups its viewers count against (store/stream-shares.ts). */
export interface StreamSharesTable {
  token_hash: string;
  user_id: string;
  groups: string;
  created_at: string;
}

/** A group's quota lease (store/quota-locks.ts). */
export interface QuotaLocksTable {
  group_name: string;
  holder: string;
  expires_at: string;
}

/** An authorization group (store/authorization-groups.ts): identities and their permissions. */
export interface AuthGroupsTable {
  name: string;
  description: Generated<string>;
  created_at: string;
}

/** A group of the external identity provider (named in its groups claim) mapped to a dashboard group. */
export interface AuthProviderGroupsTable {
  provider_group: string;
  group_name: string;
}

/** A user in a group. */
export interface AuthGroupMembersTable {
  group_name: string;
  user_id: string;
}

/** What a group grants: an entitlement on a resource (auth/entitlements.ts names both). */
export interface AuthGroupPermissionsTable {
  group_name: string;
  entitlement: string;
  resource: string;
}

/** Who made a resource (store/resource-owners.ts): its owner holds what owners hold on it. */
export interface ResourceOwnersTable {
  /** Named as auth/entitlements.ts names resources: `instance:lab/c1`. */
  resource: string;
  user_id: string;
  created_at: string;
}

/** A creating request's idempotency key and, once answered, its answer (store/idempotency-keys.ts). */
export interface IdempotencyKeysTable {
  user_id: string;
  /** The method and the route's pattern: `POST /api/applications/:id/version`. */
  route: string;
  key: string;
  /** SHA-256 (hex) of what the request asked (its parameters, query and body). */
  fingerprint: string;
  /** The answer's status; 0 while the first request is still being handled. */
  status: number;
  content_type: string;
  body: string;
  created_at: string;
  expires_at: string;
}

/** One of the server's secrets (store/shared-secrets.ts). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A failed sign-in or look-up, counted by a limit (auth/rate-limits). */
export interface AuthFailuresTable {
  id: string;
  /** Which limit counts it: `sign-in-pair`, `sign-in-account`, `registration`, … */
  scope: string;
  key: string;
  at: string;
}

/** An account and address pair that signed in: exempt from the slowdowns for a while. */
export interface AuthKnownPairsTable {
  pair: string;
  signed_in_at: string;
}

/** A join token handed out (streaming/join-grants.ts): only its hash is kept. */
export interface JoinGrantsTable {
  token_hash: string;
  cluster_id: string;
  stream_session_id: string;
  /** `session` (a browser session's id, hashed as stored) or `share` (a share link). */
  grantee_kind: string;
  grantee_id: string;
  expires_at: string;
  /** The instance the stream shows (`instance:lab/c1`), "" for a share link's join. */
  resource: Generated<string>;
  /** The gateway's viewer the join makes, '' when its gateway has one client a session. */
  viewer_id: Generated<string>;
}

export interface UsersTable {
  id: string;
  email: string;
  fullname: string;
  disabled: Generated<number>;
  created_at: string;
  /** The OpenID provider this user signs in with, and their subject there. */
  issuer: Generated<string>;
  subject: Generated<string>;
  onboarding_progress: Generated<string>;
  /** 1 until the user has closed the "Important update" modal. */
  has_version_update_modal: Generated<number>;
}

export interface BrowserSessionsTable {
  /** SHA-256 (hex) of the random 256-bit value the cookie carries: a leaked table opens no session. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** The idle limit: pushed forward on use. */
  expires_at: string;
  /** The absolute limit: never moves. */
  absolute_expires_at: Generated<string>;
  /** Why the session ended early ("disabled" when its user was disabled); empty while it lives. */
  ended_reason: Generated<string>;
  address: Generated<string>;
  user_agent: Generated<string>;
  /** Kept for RP-initiated logout at the identity provider; never sent to the browser. */
  id_token: Generated<string>;
  /** The groups the sign-in's token claimed (external provider, `OIDC_GROUPS_CLAIM`), one per line. */
  provider_groups: Generated<string>;
  /** The identity (user id) an admin views the dashboard as, read-only; empty: themselves. */
  view_as: Generated<string>;
}

export interface RegistrationTokensTable {
  /** SHA-256 (hex) of the token in the registration URL. */
  token_hash: string;
  /** The address the link was made for ("" for the appliance variant, which asks for it). */
  email: string;
  created_at: string;
  expires_at: string;
  /** When and by which user the link was used; empty until then. */
  used_at: string;
  used_by: string;
  /** The groups the account starts in, one name per line ("" for none). */
  groups: Generated<string>;
}

/** Accounts of the embedded identity provider (the provider's single sign-on). */
export interface IdpAccountsTable {
  id: string;
  email: string;
  fullname: string;
  /** scrypt, as `scrypt$N$r$p$salt$hash` (base64). */
  password_hash: string;
  created_at: string;
}

/** The embedded identity provider's stored state (oidc-provider adapter): sessions, codes, grants… */
export interface IdpPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string;
  user_code: string;
  uid: string;
  expires_at: string;
  consumed_at: string;
}

export interface UserEventsTable {
  id: string;
  user_id: string;
  event: string;
  event_type: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  /** sign-in, sign-out, registration, account-disabled, … */
  action: string;
  /** success or failure */
  outcome: string;
  /** Who acted: an e-mail address, "cli", or "" when unknown. */
  actor: string;
  address: string;
  /** What else is worth knowing; never a secret. */
  detail: string;
  /** The identity that acted; "" for the command line, a failed sign-in, an entry before 0011. */
  identity_id: string;
  /** The groups that applied, as a JSON array of names (`[]`; "" before 0011). */
  groups: string;
  /** What was acted on (`instance:lab/c1`), or "". */
  resource: string;
  cluster: string;
  user_agent: string;
  request_id: string;
}
