import { PermissionRefusal, type Access } from "../auth/access.ts";

/**
 * Only an administrator lifts a limit, whichever way: changing it, deleting its group, taking
 * someone out of its group. A group's editor is often one of those it binds.
 */
export function refuseUnlessAdministrator(access: Access, what: string): void {
  if (!access.allows("admin", "server")) {
    throw new PermissionRefusal(
      403,
      `Only an administrator (admin on server) may ${what}: you may not do this: admin on server.`,
    );
  }
}
