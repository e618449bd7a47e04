import { SidePanel } from "./SidePanel.tsx";

export const tourPanelId = "tour-panel";

/** The onboarding tour's progress panel: a placeholder until the tour is built. */
export function TourPanel({ onClose }: { onClose: () => void }) {
  return (
    <SidePanel id={tourPanelId} title="Get started" onClose={onClose}>
      <div className="side-panel__body">
        <p>
          A guided tour will walk you through creating an application, a streamable instance of it
          and streaming it.
        </p>
        <p>It is not available yet.</p>
      </div>
    </SidePanel>
  );
}
