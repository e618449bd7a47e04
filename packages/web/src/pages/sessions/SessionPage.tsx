import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/sessions/{sessionId}`: a streaming session (under Instances in the navigation). */
export default function SessionPage() {
  const { sessionId = "" } = useParams();
  return (
    <PlaceholderPage title={`Session ${sessionId}`}>
      <p>The stream of session {sessionId} will be shown here.</p>
    </PlaceholderPage>
  );
}
