import { useEffect, useRef } from "react";
import type { ResourceStatus } from "./chapter-status.ts";
import type { TourStep, TourStepId } from "./tour-steps.ts";
import { useTourCloud } from "./use-tour-cloud.ts";

/** Which resource each step works on, once the tour has made it: the steps that watch it. */
const watchedResource: Partial<Record<TourStepId, "application" | "instance">> = {
  "browse-your-applications": "application",
  "browse-your-instances": "instance",
  "stream-instance": "instance",
  "stream-is-ready": "instance",
};

/** What ends the tour: the resource gone, failed, or (an instance) stopped. */
const interrupting: readonly ResourceStatus[] = ["deleted", "error", "stopped"];

/**
 * Watches the application or instance the tour made while a step works on it, through the lists
 * the events socket keeps fresh (no polling): once it was seen alive (on its way or done), its
 * deletion, failure or stop interrupts the tour (`onInterrupt`: the progress panel then says what
 * happened and what to do). A status seen before it was alive (a list not refreshed yet right
 * after the create) does not count.
 */
export function TourInterruptionWatch({
  step,
  onInterrupt,
}: {
  step: TourStep;
  onInterrupt: () => void;
}) {
  const resource = watchedResource[step.id];
  return resource ? <Watch key={step.id} resource={resource} onInterrupt={onInterrupt} /> : null;
}

function Watch({
  resource,
  onInterrupt,
}: {
  resource: "application" | "instance";
  onInterrupt: () => void;
}) {
  const cloud = useTourCloud();
  const status = resource === "application" ? cloud.applications : cloud.instances;
  const seenAlive = useRef(false);
  useEffect(() => {
    if (status === "loading" || status === "complete") seenAlive.current = true;
    else if (status !== undefined && seenAlive.current && interrupting.includes(status)) {
      onInterrupt();
    }
  }, [status, onInterrupt]);
  return null;
}
