import { useCallback, useState } from "react";
import type { StreamViewer, StreamViewersMessage } from "@anbox-dashboard/contract";
import type { StreamConnection } from "./stream-connection.ts";

/** Who watches the stream and who controls it, as this viewer knows it. */
export interface StreamViewers {
  /** This viewer's id; undefined when its gateway has one client a session (it controls). */
  you: string | undefined;
  viewers: readonly StreamViewer[];
  /** Whether this viewer's input reaches the device. */
  controlling: boolean;
  /** It came through a watch-only link: it never controls. */
  watchOnly: boolean;
}

const alone: StreamViewers = { you: undefined, viewers: [], controlling: true, watchOnly: false };

/**
 * The stream's viewers for the player (issue 39): the join's answer says this viewer's role, then
 * the device's `stream::viewers` messages say who watches and who controls as that changes.
 */
export function useStreamViewers() {
  const [state, setState] = useState<StreamViewers>(alone);
  /** A new join: its answer's viewer (none from a gateway with one client a session). */
  const joined = useCallback((connection: StreamConnection) => {
    const viewer = connection.viewer;
    setState(
      viewer === undefined
        ? alone
        : {
            you: viewer.id,
            viewers: [],
            controlling: viewer.role === "controller",
            watchOnly: viewer.watchOnly,
          },
    );
  }, []);
  /** The device's word on who watches (`stream::viewers`). */
  const told = useCallback((message: StreamViewersMessage) => {
    const me = message.viewers.find((viewer) => viewer.id === message.you);
    setState({
      you: message.you,
      viewers: message.viewers,
      controlling: me?.role === "controller",
      watchOnly: me?.watch_only ?? false,
    });
  }, []);
  return { state, joined, told };
}
