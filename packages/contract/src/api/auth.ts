import { z } from "zod";
import type { EntitlementEntry } from "../auth/entitlement-catalogue.ts";
import { groupLimitsSchema, type GroupLimit } from "./quotas.ts";
import {
  isEntitlement,
  isResourceName,
  type Entitlement,
  type ResourceKind,
  type ResourceName,
} from "../auth/entitlements.ts";

// The permissions API (`/api/auth/...`), in Anbox Cloud's names: identities, groups and their
// permissions, the caller's own effective permissions and the entitlement catalogue.

export const groupDescriptionMaxLength = 500;

/** A group's name: what `group:<name>` and the command line spell, so no space nor slash. */
const groupNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** Why a group name is refused, or undefined when it is a good one. */
export function groupNameError(name: string): string | undefined {
  return groupNamePattern.test(name)
    ? undefined
    : `"${name}" is not a group name: 1 to 63 letters, digits, dots, dashes or underscores, starting with a letter or digit.`;
}

/** Where a permission a user holds comes from: a group (theirs, or claimed by their provider), or owning. */
export type GrantedBy = { group: string; fromProvider?: boolean } | { owner: true };

/**
 * Who made a resource through the dashboard (its owner), on its own page: null when no one did
 * (made through the cluster's API, or before owners were recorded); absent in lists.
 */
export type ResourceOwner = { name: string; email: string } | null;

/** A permission as the API gives it: `{entitlement, resource}`. */
export interface Permission {
  entitlement: Entitlement;
  resource: ResourceName;
}

/**
 * `GET /api/auth/permissions`: the caller's effective permissions, each with what grants it; and
 * what every group grants on what the caller may see, so that an action they may not take can
 * name the groups that would let them.
 */
export interface EffectivePermissions {
  metadata: {
    groups: string[];
    /**
     * The groups this sign-in's token named at the external identity provider (its groups
     * claim), and the dashboard groups they are mapped to: held for this sign-in only.
     */
    providerGroups: string[];
    groupsFromProvider: string[];
    /** Whom the signed-in admin views the dashboard as (read-only), or null: themselves. */
    viewingAs: { id: string; name: string; email: string } | null;
    permissions: (Permission & { grantedBy: GrantedBy })[];
    grantsByGroup: { group: string; permissions: Permission[] }[];
  };
}

/** `GET /api/auth/entitlements`: every entitlement with its description, per resource kind. */
export interface EntitlementCatalogueResponse {
  metadata: Record<ResourceKind, readonly EntitlementEntry[]>;
}

export interface GroupSummary {
  name: string;
  description: string;
  identities: number;
  permissions: number;
}

export interface GroupDetail {
  name: string;
  description: string;
  permissions: Permission[];
  identities: IdentitySummary[];
  /** Its quotas (issue 38); their usage is `GET /api/auth/groups/{name}/usage`. */
  limits: GroupLimit[];
}

export interface IdentitySummary {
  id: string;
  name: string;
  email: string;
  /** `oidc`: the dashboard's own provider or an external one; the only kind today. */
  authentication_method: "oidc";
  groups: string[];
  /** The groups mapped from what its latest live sign-in's provider claimed (none when signed out). */
  groups_from_provider: string[];
}

export interface IdentityDetail extends IdentitySummary {
  /** What the identity may do, each with the group that grants it (as the identity's profile shows it). */
  effective_permissions: (Permission & { grantedBy: GrantedBy })[];
}

const permissionSchema = z
  .object({
    entitlement: z.string({ message: "must be an entitlement" }),
    resource: z.string({ message: "must be a resource name" }),
  })
  .transform((value, context) => {
    if (!isEntitlement(value.entitlement)) {
      context.addIssue({
        code: "custom",
        message: `"${value.entitlement}" is not an entitlement: GET /api/auth/entitlements lists them`,
        path: ["entitlement"],
      });
      return z.NEVER;
    }
    if (!isResourceName(value.resource)) {
      context.addIssue({
        code: "custom",
        message: `"${value.resource}" is not a resource: server, cluster:<cluster>, instance:<cluster>/<id>, application:..., image:..., node:..., group:<name> or identity:<id>`,
        path: ["resource"],
      });
      return z.NEVER;
    }
    return { entitlement: value.entitlement, resource: value.resource } satisfies Permission;
  });

const groupDescription = z
  .string({ message: "must be text" })
  .max(
    groupDescriptionMaxLength,
    `must be at most ${String(groupDescriptionMaxLength)} characters`,
  );

/** `POST /api/auth/groups`. */
export const groupCreateSchema = z.object({
  name: z.string({ message: "must be a group name" }),
  description: groupDescription.optional(),
});

/**
 * `PUT /api/auth/groups/{name}`: the description and the permissions, replaced as a whole; the
 * limits too when given (left as they are when not: a client that knows none keeps them).
 */
export const groupReplaceSchema = z.object({
  description: groupDescription.optional(),
  permissions: z.array(permissionSchema, { message: "must be a list of permissions" }).max(1000),
  limits: groupLimitsSchema.optional(),
});
export type GroupReplaceInput = z.infer<typeof groupReplaceSchema>;

/** `PUT /api/auth/identities/{id}`: the identity's groups, replaced as a whole. */
export const identityGroupsSchema = z.object({
  groups: z
    .array(z.string({ message: "must be group names" }), {
      message: "must be a list of group names",
    })
    .max(1000),
});

/** An identity-provider group (named in the provider's groups claim) and the groups it maps to. */
export interface ProviderGroupMapping {
  name: string;
  groups: string[];
}

/** `GET /api/auth/identity-provider-groups`: the mappings, and the claim that names the groups. */
export interface ProviderGroupsResponse {
  metadata: ProviderGroupMapping[];
  /** The claim read at sign-in (`OIDC_GROUPS_CLAIM`), or null when none is. */
  groups_claim: string | null;
}

/** `PUT /api/auth/identity-provider-groups/{name}`: the dashboard groups it maps to, as a whole. */
export const providerGroupMappingSchema = z.object({
  groups: z
    .array(z.string({ message: "must be group names" }), {
      message: "must be a list of group names",
    })
    .max(1000),
});
