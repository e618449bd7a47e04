import type { RegistryMode } from "../../api/registry.ts";
import { describeRegistryMode, whyRegistryActionsUnavailable } from "./registry-facts.ts";
import { Notice } from "../../components/Notice.tsx";

interface Props {
  mode: RegistryMode;
  clusterId: string;
  /** The id of the reason's text, which the disabled buttons name as their description. */
  reasonId: string;
}

/**
 * The registry's mode on this cluster in plain words; in automatic mode, why push, pull and delete
 * are off, shown on the page (not only in the buttons' tooltips).
 */
export function RegistryModeNotice({ mode, clusterId, reasonId }: Props) {
  const words = describeRegistryMode(mode);
  const unavailable = whyRegistryActionsUnavailable(mode);
  return (
    <Notice
      kind={unavailable === undefined ? "information" : "caution"}
      className="registry-mode"
      title={`${words.title} on ${clusterId}`}
      message={words.text}
    >
      {unavailable !== undefined && (
        <p className="p-notification__message" id={reasonId}>
          {unavailable}
        </p>
      )}
    </Notice>
  );
}
