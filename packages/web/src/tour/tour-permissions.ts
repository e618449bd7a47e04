import { useMayOnSomeCluster } from "../permissions/use-may.ts";
import { useClusters } from "../queries/clusters.ts";
import type { ChapterNumber } from "./tour-step-ids.ts";

/** Why the user may not take each chapter (what it makes needs an entitlement), if they may not. */
export interface TourRefusals {
  /** Whether it is known yet (the clusters and permissions are in). */
  known: boolean;
  chapter: Record<ChapterNumber, string | undefined>;
}

/**
 * The tour makes an application (chapter 1) and an instance (chapter 2), then streams the
 * instance its user made (chapter 3, theirs as its owner): someone who may not create them is not
 * offered the chapters, and is not greeted by the panel.
 */
export function useTourRefusals(): TourRefusals {
  const known = useClusters().data !== undefined;
  const applications = useMayOnSomeCluster("can_create_applications");
  const instances = useMayOnSomeCluster("can_create_instances");
  return { known, chapter: { 1: applications, 2: instances, 3: instances } };
}
