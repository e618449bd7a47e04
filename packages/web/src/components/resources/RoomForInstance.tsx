import { useId } from "react";
import { Link } from "react-router";
import type { CapacityFree } from "@anbox-dashboard/contract";
import { formatBytes } from "../../util/bytes.ts";
import type { RoomForInstance as Room } from "./use-room-for-instance.ts";
import "./_resources.scss";
import { Notice } from "../Notice.tsx";

interface RoomForInstanceProps {
  room: Room;
}

function count(amount: number, one: string, many: string): string {
  // Allocation rates make fractions of a core: at most two decimals.
  const shown = Number(amount.toFixed(2));
  return `${String(shown)} ${shown === 1 ? one : many}`;
}

/** The most room of each resource on any schedulable node, in words. */
function describeMostFree(mostFree: CapacityFree | null): string {
  if (mostFree === null) return "No node can take new instances now.";
  const parts = [
    count(mostFree.cpus, "CPU core", "CPU cores"),
    `${formatBytes(mostFree.memory)} memory`,
    count(mostFree.gpu_slots, "GPU slot", "GPU slots"),
  ];
  return `The most free on any schedulable node: ${parts.join(", ")}.`;
}

/**
 * Whether a node of the chosen cluster can take the instance, before it is created: the
 * cluster's own answer, and the most room left, so that a smaller size can be chosen. When
 * nothing fits it says why, in the words the create would fail with, and links to the nodes.
 */
export function RoomForInstance({ room }: RoomForInstanceProps) {
  const headingId = useId();
  return (
    <section
      className="resources-section"
      aria-labelledby={headingId}
      aria-busy={room.state === "checking"}
    >
      <h2 className="p-heading--4" id={headingId}>
        Room on the nodes
      </h2>
      <div aria-live="polite">{roomContent(room)}</div>
    </section>
  );
}

function roomContent(room: Room) {
  switch (room.state) {
    case "none":
      return <p>Correct the sizes above to see whether a node can take the instance.</p>;
    case "checking":
      return <p>Checking the room on the cluster&apos;s nodes…</p>;
    case "unknown":
      return (
        <p>
          <strong>Capacity unknown.</strong> {room.why} The cluster decides when the instance is
          created.
        </p>
      );
    case "fits":
      return (
        <p>
          <strong>A node can take this instance</strong>
          {room.node === "" ? "." : ` (${room.node}).`} {describeMostFree(room.mostFree)}
        </p>
      );
    case "full":
      return (
        <Notice
          kind="caution"
          title="No node can take this instance"
          heading="h3"
          message={
            <>
              {room.reason}. {describeMostFree(room.mostFree)}{" "}
              <Link to="/nodes">See the nodes</Link>
            </>
          }
        />
      );
  }
}
