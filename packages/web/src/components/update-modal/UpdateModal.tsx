import { Modal } from "../overlays/Modal.tsx";
import { useState } from "react";
import { useRememberUpdateRead } from "../../queries/user-events.ts";

/**
 * 'Important update' for users who knew the dashboard before streamable instances. Shown until
 * closed; closing tells the server, which clears `has_version_update_modal` for good.
 */
export function UpdateModal({ show }: { show: boolean }) {
  // Hidden at once on close, without waiting for the server.
  const [closed, setClosed] = useState(false);
  const remember = useRememberUpdateRead();

  if (!show || closed) return null;
  const close = () => {
    setClosed(true);
    remember.mutate();
  };
  return (
    <Modal
      title="Important update: Streamable instances"
      close={close}
      buttonRow={
        <button type="button" className="p-button--positive u-no-margin--bottom" onClick={close}>
          Got it
        </button>
      }
    >
      <p>
        You can now create instances directly and stream them, without creating a session first.
      </p>
      <p>
        To make an instance streamable, select <strong>Enable streaming</strong> under the{" "}
        <strong>Capabilities</strong> section when you create it.
      </p>
    </Modal>
  );
}
