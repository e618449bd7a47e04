import { useId } from "react";
import { deviceFileMaxText, type DeviceState } from "@anbox-dashboard/contract";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { UploadProgress } from "../../../components/upload/UploadProgress.tsx";
import { DeviceSection } from "./DeviceSection.tsx";
import type { FilePush, FileTransfer } from "./use-file-push.ts";

interface Props {
  state: DeviceState;
  files: FilePush;
  /** Why this user may not push files (needs can_exec), or undefined when they may. */
  refused: string | undefined;
}

/**
 * Files into the device's downloads, picked here or dropped on the stream; an APK is installed
 * and joins the device's applications. Each file shows its progress, then what became of it.
 */
export function FilesControls({ state, files, refused }: Props) {
  const inputId = useId();
  const installed = state.installed_apps.map((app) => app.package);
  return (
    <DeviceSection
      title="Files"
      now={
        <>
          {state.files.length === 0
            ? "No file received."
            : `${String(state.files.length)} in Downloads, newest ${state.files[0]?.name ?? ""}.`}{" "}
          {installed.length === 0
            ? "No app installed from a file."
            : `Installed: ${installed.join(", ")}.`}
        </>
      }
    >
      <p className="device-controls__note">
        Drop files on the stream or choose them: each goes into the device&apos;s Downloads (at most{" "}
        {deviceFileMaxText}); an APK is installed.
      </p>
      <label htmlFor={inputId}>Files for the device</label>
      <input
        id={inputId}
        type="file"
        multiple
        aria-disabled={refused !== undefined || undefined}
        aria-describedby={refused === undefined ? undefined : `${inputId}-refused`}
        onClick={(event) => {
          if (refused !== undefined) event.preventDefault();
        }}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = ""; // the same file may be chosen again
          if (refused === undefined) files.push(picked);
        }}
      />
      {refused !== undefined && (
        <p id={`${inputId}-refused`} className="device-controls__note">
          {refused}
        </p>
      )}
      {files.transfers.length > 0 && (
        <ul className="p-list device-controls__transfers" aria-label="Files sent">
          {files.transfers.map((transfer) => (
            <li key={transfer.id} className="p-list__item">
              <TransferRow
                transfer={transfer}
                onCancel={() => {
                  files.cancel(transfer.id);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {files.transfers.some((transfer) => transfer.status !== "sending") && (
        <button type="button" className="p-button--base is-dense" onClick={files.clear}>
          Clear the list
        </button>
      )}
    </DeviceSection>
  );
}

function TransferRow({ transfer, onCancel }: { transfer: FileTransfer; onCancel: () => void }) {
  switch (transfer.status) {
    case "sending":
      return (
        <UploadProgress
          label={`Sending ${transfer.name}`}
          sent={transfer.sent}
          total={transfer.total}
          onCancel={onCancel}
        />
      );
    case "done":
      return (
        <span role="status">
          {transfer.installedAs === undefined
            ? `${transfer.name} is in Downloads.`
            : `${transfer.name} is installed as ${transfer.installedAs}.`}
        </span>
      );
    case "failed":
      return (
        <ErrorNotice
          title={`${transfer.name} was not sent`}
          error={transfer.error ?? new Error("It failed.")}
          heading="h4"
        />
      );
  }
}
