import { useState } from "react";
import { stopViewingAs } from "../api/permissions.ts";
import { useMyPermissions } from "../queries/permissions.ts";
import { ApiError } from "../api/api-fetch.ts";
import { Notice } from "../components/Notice.tsx";
import { reloadAt } from "../util/reload-at.ts";

/**
 * Says, on every page, that an admin sees the dashboard as someone else (read-only), with the way
 * back. Stopping reloads the page: every answer cached so far was that identity's.
 */
export function ViewAsBanner() {
  const permissions = useMyPermissions();
  const [stopping, setStopping] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const viewed = permissions.data?.viewingAs ?? null;
  if (viewed === null) return null;
  const who = viewed.name || viewed.email;
  const stop = () => {
    setStopping(true);
    setFailure(undefined);
    stopViewingAs().then(
      () => {
        reloadAt("/permissions/identities");
      },
      (error: unknown) => {
        setStopping(false);
        setFailure(error instanceof ApiError ? error.message : "It could not be stopped.");
      },
    );
  };
  return (
    <Notice
      kind="caution"
      className="u-no-margin--bottom"
      title={`Viewing as ${who}`}
      message={
        <>
          You see the dashboard as {who} ({viewed.email}) would: their pages, lists and the actions
          they may take. It is read-only: the server refuses any change made here.
          {failure !== undefined && ` ${failure}`}
        </>
      }
    >
      <div className="p-notification__actions">
        <button
          type="button"
          className="p-button is-dense u-no-margin--bottom"
          disabled={stopping}
          onClick={stop}
        >
          Stop viewing as {who}
        </button>
      </div>
    </Notice>
  );
}
