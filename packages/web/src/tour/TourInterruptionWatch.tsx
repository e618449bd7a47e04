import { useEffect, useRef } from "react";
import { matchPath, useLocation } from "react-router";
import { isNotFound } from "../api/api-fetch.ts";
import { useApplication } from "../queries/applications.ts";
import { useInstance } from "../queries/instances.ts";
import type { TourStep } from "./tour-steps.ts";
import type { TourStepId } from "./tour-step-ids.ts";
import {
  applicationState,
  instanceState,
  readTourResource,
  resourceOfRoute,
  saveTourResource,
  type TourResource,
  type TourResourceKind,
  type WatchedState,
} from "./tour-resources.ts";
import { useTourCloud } from "./use-tour-cloud.ts";

/** Which resource each step works on, once the tour has made it: the steps that watch it. */
const watchedResource: Partial<Record<TourStepId, TourResourceKind>> = {
  "browse-your-applications": "application",
  "browse-your-instances": "instance",
  "stream-instance": "instance",
  "stream-is-ready": "instance",
};

interface Props {
  step: TourStep;
  /** The tour's resource was deleted, failed or stopped: the panel then says what to do. */
  onInterrupt: () => void;
}

/**
 * Watches the application or instance the tour made while a step works on it. The page a step
 * shows on names it (the application's page after chapter 1's form, the instance's after
 * chapter 2's): it is remembered for the tab and checked by its own call, which lifecycle events
 * refetch (no polling). A chapter 3 begun in another tab, which never saw that page, watches the
 * streamable instances of the list instead (SPEC.md's instance rules). Once it was seen alive, its
 * deletion, failure or stop interrupts the tour; a state seen before it was alive (a list not
 * refreshed yet right after the create) does not count.
 */
export function TourInterruptionWatch({ step, onInterrupt }: Props) {
  const kind = watchedResource[step.id];
  const { pathname } = useLocation();
  const named = resourceOfRoute(matchPath(step.route, pathname)?.params);
  const namedClusterId = named?.clusterId;
  const namedId = named?.id;
  useEffect(() => {
    if (kind && namedClusterId !== undefined && namedId !== undefined) {
      saveTourResource(kind, { clusterId: namedClusterId, id: namedId });
    }
  }, [kind, namedClusterId, namedId]);
  if (!kind) return null;
  const known = named ?? readTourResource(kind);
  const key = `${step.id}:${known?.clusterId ?? ""}:${known?.id ?? ""}`;
  if (!known) return <ListWatch key={key} kind={kind} onInterrupt={onInterrupt} />;
  return kind === "application" ? (
    <ApplicationWatch key={key} resource={known} onInterrupt={onInterrupt} />
  ) : (
    <InstanceWatch key={key} resource={known} onInterrupt={onInterrupt} />
  );
}

interface WatchProps {
  resource: TourResource;
  onInterrupt: () => void;
}

function ApplicationWatch({ resource, onInterrupt }: WatchProps) {
  const application = useApplication(resource.clusterId, resource.id);
  useInterruptOnce(applicationState(application.data, isNotFound(application.error)), onInterrupt);
  return null;
}

function InstanceWatch({ resource, onInterrupt }: WatchProps) {
  const instance = useInstance(resource.clusterId, resource.id);
  useInterruptOnce(instanceState(instance.data, isNotFound(instance.error)), onInterrupt);
  return null;
}

function ListWatch({ kind, onInterrupt }: { kind: TourResourceKind; onInterrupt: () => void }) {
  const cloud = useTourCloud();
  const status = kind === "application" ? cloud.applications : cloud.instances;
  const state: WatchedState | undefined =
    status === "loading" || status === "complete" ? "alive" : status;
  useInterruptOnce(state, onInterrupt);
  return null;
}

function useInterruptOnce(state: WatchedState | undefined, onInterrupt: () => void) {
  const seenAlive = useRef(false);
  useEffect(() => {
    if (state === "alive") seenAlive.current = true;
    else if (state !== undefined && seenAlive.current) onInterrupt();
  }, [state, onInterrupt]);
}
