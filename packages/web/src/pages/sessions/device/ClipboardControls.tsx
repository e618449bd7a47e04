import { useId, useState } from "react";
import type { DeviceState } from "@anbox-dashboard/contract";
import { DeviceField } from "./DeviceField.tsx";
import { ControlForm, DeviceSection } from "./DeviceSection.tsx";
import type { DeviceTarget } from "./device-target.ts";
import { useControlForm } from "./use-control-form.ts";
import { clipboardAvailable, useClipboardSync } from "./use-clipboard-sync.ts";

interface Props {
  target: DeviceTarget;
  state: DeviceState;
}

/**
 * The device's clipboard both ways: text pasted into it, what it copied (Control+C on the
 * device) copied to this computer, and a switch that does both by itself, off until asked for.
 */
export function ClipboardControls({ target, state }: Props) {
  const form = useControlForm(target.clusterId, target.instanceId, "clipboard");
  const [text, setText] = useState("");
  const [syncing, setSyncing] = useState(false);
  const [copyNote, setCopyNote] = useState<string>();
  const helpId = useId();
  const available = clipboardAvailable();
  const syncNote = useClipboardSync(syncing, state.clipboard, (pasted) => {
    form.send({ text: pasted });
  });
  const held = state.clipboard?.text ?? "";
  const unavailable = "The browser lets a page use the clipboard only over HTTPS or on localhost";
  return (
    <DeviceSection
      title="Clipboard"
      now={
        held === ""
          ? "The device's clipboard is empty."
          : `The device's clipboard holds ${String(held.length)} characters (${state.clipboard?.source === "device" ? "copied on the device" : "pasted from here"}).`
      }
    >
      {held !== "" && (
        <pre className="device-controls__clipboard" aria-label="The device's clipboard">
          {held}
        </pre>
      )}
      <ControlForm
        action="Paste into the device"
        onSend={() => {
          form.send({ text });
        }}
        pending={form.pending}
        error={form.error}
        extra={
          <button
            type="button"
            className="p-button"
            aria-disabled={!available || held === "" || undefined}
            title={
              !available ? unavailable : held === "" ? "The device's clipboard is empty" : undefined
            }
            onClick={() => {
              if (!available || held === "") return;
              navigator.clipboard.writeText(held).then(
                () => {
                  setCopyNote("Copied to this computer's clipboard.");
                },
                () => {
                  setCopyNote("The browser did not let the page write to the clipboard.");
                },
              );
            }}
          >
            Copy to this computer
          </button>
        }
      >
        <DeviceField
          label="Text for the device"
          multiline
          value={text}
          error={form.fieldErrors.text}
          onChange={setText}
        />
      </ControlForm>
      {copyNote !== undefined && (
        <p className="device-controls__note" role="status">
          {copyNote}
        </p>
      )}
      <label className="p-checkbox">
        <input
          className="p-checkbox__input"
          type="checkbox"
          role="switch"
          checked={syncing}
          aria-disabled={!available || undefined}
          aria-describedby={helpId}
          onChange={(event) => {
            if (available) setSyncing(event.target.checked);
          }}
        />
        <span className="p-checkbox__label">Sync the clipboard automatically</span>
      </label>
      <p className="p-form-help-text" id={helpId}>
        {available
          ? "Off until you turn it on: any application on the device can read what is pasted into it, and what you copy here goes there."
          : `${unavailable}.`}
      </p>
      {syncNote !== undefined && (
        <p className="device-controls__note" role="status">
          {syncNote}
        </p>
      )}
    </DeviceSection>
  );
}
