import { useParams } from "react-router";
import { EmptyState } from "../../components/page-layout/EmptyState.tsx";

/** `/vdi` and `/vdi/{sessionId}`: the virtual-desktop view, which fills the window. */
export default function VdiPage() {
  const { sessionId } = useParams();
  return (
    <div className="vdi-page">
      <h1 className="p-heading--3">Virtual desktop</h1>
      <EmptyState title="Nothing to show yet">
        <p>
          {sessionId === undefined
            ? "The sessions you can open as a desktop will be listed here."
            : `Session ${sessionId} will be shown here as a desktop.`}
        </p>
      </EmptyState>
    </div>
  );
}
