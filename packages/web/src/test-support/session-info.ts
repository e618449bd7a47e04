import type { SessionInfo } from "../api/session-info.ts";

/** The session info (`GET /api/info`) of a signed-in user, with what a test cares about changed. */
export function makeSessionInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    user: { fullname: "Ada", email: "ada@example.com" },
    applications_enabled: true,
    sessions_enabled: true,
    registry_enabled: false,
    registry_automatic: false,
    config_enabled: true,
    dashboard_version: "1",
    ams_version: "1",
    has_version_update_modal: false,
    ext4_root_volumes_support: false,
    ...overrides,
  };
}
