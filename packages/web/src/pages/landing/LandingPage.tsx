import { Navigate } from "react-router";
import { useSessionInfo } from "../../queries/session-info.ts";
import { useMyPermissions } from "../../queries/permissions.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { areasOf } from "../../permissions/areas.ts";
import { ConfigurationMissing } from "./ConfigurationMissing.tsx";
import { NoAccessYet } from "./NoAccessYet.tsx";

/**
 * `/`: straight to the instances when the cluster offers them and the user may see any; to the
 * permissions pages for someone who may only manage those; else what is missing.
 */
export default function LandingPage() {
  const info = useSessionInfo();
  const permissions = useMyPermissions();
  if (permissions.isError) {
    return <ErrorNotice title="Cannot load your permissions" error={permissions.error} />;
  }
  if (!info.data || !permissions.data) return <PageLoader />;
  const areas = areasOf(permissions.data.permissions);
  if (!areas.has("instances")) {
    if (areas.has("permissions")) return <Navigate to="/permissions/identities" replace />;
    return <NoAccessYet />;
  }
  if (info.data.applications_enabled && info.data.sessions_enabled) {
    return <Navigate to="/instances" replace />;
  }
  return <ConfigurationMissing />;
}
