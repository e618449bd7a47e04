import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { StreamPanel } from "../../../components/stream-panel/StreamPanel.tsx";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { useInstance } from "../../../queries/instances.ts";
import { InstanceTerminalTab } from "../../../components/instance-terminal/InstanceTerminalTab.tsx";
import { LiveLogs } from "./LiveLogs.tsx";
import { RequirePermission } from "../../../permissions/RequirePermission.tsx";
import "./_dev-tools-panel.scss";

const tabs = [
  { id: "terminal", label: "Terminal" },
  { id: "logs", label: "Logs" },
] as const;
type Tab = (typeof tabs)[number]["id"];

interface Props {
  clusterId: string;
  instanceId: string;
  onClose: () => void;
}

/**
 * The developer tools beside a stream (Anbox Cloud's stream page has them): a shell on the
 * instance and its logs followed live. Like the statistics, it takes the focus when it opens and
 * gives it back when it closes (its button or Escape); keys typed in the terminal are the shell's,
 * Escape included (Escape then Tab leaves the terminal).
 */
export function DevToolsPanel({ clusterId, instanceId, onClose }: Props) {
  const instance = useInstance(clusterId, instanceId);
  const [tab, setTab] = useState<Tab>("terminal");
  const terminalRef = useRef<HTMLDivElement>(null);
  const tabIds = { terminal: useId(), logs: useId() };
  const panelId = useId();

  // The shell's keys stay the shell's: the panel's Escape and Tab handling never sees them.
  useEffect(() => {
    const terminal = terminalRef.current;
    if (!terminal) return;
    const keepInside = (event: globalThis.KeyboardEvent) => {
      if (event.target instanceof HTMLTextAreaElement) event.stopPropagation();
    };
    terminal.addEventListener("keydown", keepInside);
    return () => {
      terminal.removeEventListener("keydown", keepInside);
    };
  }, [tab, instance.data]);

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    const next = tab === "terminal" ? "logs" : "terminal";
    setTab(next);
    document.getElementById(tabIds[next])?.focus();
  };

  return (
    <StreamPanel title="Developer tools" className="dev-tools" onClose={onClose}>
      <div role="tablist" aria-label="Developer tools" className="dev-tools__tabs">
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            id={tabIds[id]}
            type="button"
            role="tab"
            className="p-button--base is-dense"
            aria-selected={tab === id}
            aria-controls={panelId}
            tabIndex={tab === id ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => {
              setTab(id);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabIds[tab]} className="dev-tools__panel">
        {instance.isPending && <PageLoader />}
        {instance.isError && (
          <ErrorNotice title="Cannot read the instance" error={instance.error} />
        )}
        {instance.data && tab === "terminal" && (
          <RequirePermission
            action="can_exec"
            resource={`instance:${clusterId}/${instanceId}`}
            what="open a shell in this instance"
          >
            <div ref={terminalRef}>
              <InstanceTerminalTab instance={instance.data} />
            </div>
          </RequirePermission>
        )}
        {tab === "logs" && (
          <RequirePermission
            action="can_view_logs"
            resource={`instance:${clusterId}/${instanceId}`}
            what="read this instance's logs"
          >
            <LiveLogs clusterId={clusterId} instanceId={instanceId} />
          </RequirePermission>
        )}
      </div>
    </StreamPanel>
  );
}
