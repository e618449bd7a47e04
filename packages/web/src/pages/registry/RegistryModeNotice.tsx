import type { RegistryMode } from "../../api/registry.ts";
import { describeRegistryMode, whyRegistryActionsUnavailable } from "./registry-facts.ts";

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
    <div
      className={`p-notification--${unavailable === undefined ? "information" : "caution"} registry-mode`}
    >
      <div className="p-notification__content">
        <h2 className="p-notification__title">
          {words.title} on {clusterId}
        </h2>
        <p className="p-notification__message">{words.text}</p>
        {unavailable !== undefined && (
          <p className="p-notification__message" id={reasonId}>
            {unavailable}
          </p>
        )}
      </div>
    </div>
  );
}
