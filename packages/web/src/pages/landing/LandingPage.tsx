import { Navigate } from "react-router";
import { useSessionInfo } from "../../queries/session-info.ts";
import { PageLoader } from "../../components/PageLoader.tsx";
import { ConfigurationMissing } from "./ConfigurationMissing.tsx";

/** `/`: straight to the instances when the cluster offers them, else what is missing. */
export default function LandingPage() {
  const info = useSessionInfo();
  if (!info.data) return <PageLoader />;
  if (info.data.applications_enabled && info.data.sessions_enabled) {
    return <Navigate to="/instances" replace />;
  }
  return <ConfigurationMissing />;
}
