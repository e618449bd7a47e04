import { useId, useState } from "react";
import type { StreamViewer } from "@anbox-dashboard/contract";
import type { StreamViewers } from "./use-stream-viewers.ts";

interface Props {
  viewers: StreamViewers;
  /** Asks the gateway to give control to another viewer (`stream::hand-control`). */
  onHandControl: (viewerId: string) => void;
  /** Asks the gateway for control (`stream::take-control`): a signed-in viewer's. */
  onTakeControl: () => void;
}

/** "Viewer 2 (share link)": how a viewer is named to the others, by the order they came in. */
function viewerName(viewer: StreamViewer, index: number, you: string | undefined): string {
  const how = viewer.watch_only
    ? " (watch-only link)"
    : viewer.through_share
      ? " (share link)"
      : "";
  return viewer.id === you ? `You${how}` : `Viewer ${String(index + 1)}${how}`;
}

/**
 * Who watches the stream and who controls it, when more than one viewer does or this one only
 * watches: the viewer in control may hand control to another who may have it; a signed-in
 * watcher may take it; a watch-only viewer is told it only watches.
 */
export function ViewersBar({ viewers, onHandControl, onTakeControl }: Props) {
  const selectId = useId();
  const others = viewers.viewers.filter((viewer) => viewer.id !== viewers.you);
  const heirs = others.filter((viewer) => !viewer.watch_only);
  const [heir, setHeir] = useState("");
  const chosen = heirs.some((viewer) => viewer.id === heir) ? heir : (heirs[0]?.id ?? "");
  if (others.length === 0 && viewers.controlling) return null;
  const me = viewers.viewers.find((viewer) => viewer.id === viewers.you);
  const mayTake = !viewers.controlling && me !== undefined && !me.through_share;
  const watching =
    others.length === 1 ? "1 other viewer watches" : `${String(others.length)} other viewers watch`;
  return (
    <div className="stream-player__viewers">
      <p className="stream-player__viewers-status" role="status">
        {viewers.controlling
          ? `You have control; ${watching}.`
          : viewers.watchOnly
            ? "You are watching through a watch-only link: your input does not reach the device."
            : "You are watching: another viewer has control."}
      </p>
      <ul className="stream-player__viewers-list" aria-label="Viewers">
        {viewers.viewers.map((viewer, index) => (
          <li key={viewer.id}>
            {viewerName(viewer, index, viewers.you)}
            {viewer.role === "controller" ? ": in control" : ""}
          </li>
        ))}
      </ul>
      {viewers.controlling && heirs.length > 0 && (
        <form
          className="stream-player__viewers-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen !== "") onHandControl(chosen);
          }}
        >
          <label htmlFor={selectId}>Hand control to</label>
          <select
            id={selectId}
            value={chosen}
            onChange={(event) => {
              setHeir(event.target.value);
            }}
          >
            {heirs.map((viewer) => (
              <option key={viewer.id} value={viewer.id}>
                {viewerName(viewer, viewers.viewers.indexOf(viewer), viewers.you)}
              </option>
            ))}
          </select>
          <button type="submit" className="p-button is-dense">
            Hand over
          </button>
        </form>
      )}
      {mayTake && (
        <button type="button" className="p-button is-dense" onClick={onTakeControl}>
          Take control
        </button>
      )}
    </div>
  );
}
