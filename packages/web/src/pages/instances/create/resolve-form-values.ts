import type { Cluster } from "../../../api/clusters.ts";
import type { ClusterImage } from "../../../api/catalog.ts";
import {
  defaultResourcePreset,
  type InstanceCreateFormValues,
  type SourceType,
} from "./create-form-values.ts";
import { defaultImageOf, type LaunchableApplication } from "./source-options.ts";

/** The cluster the form means: the one chosen, or the first one until another is chosen. */
export function chosenClusterId(values: InstanceCreateFormValues, clusters: readonly Cluster[]) {
  if (clusters.some((cluster) => cluster.id === values.clusterId)) return values.clusterId;
  return clusters[0]?.id ?? "";
}

/**
 * The form's values with the choices it makes by itself filled in: the first cluster, the source
 * (an application when one can be started, else an image), the type's
 * default image, the application's newest published version, and the size the chosen application asks for (the request's resources replace
 * the application's own, so they start out the same). A choice that the current lists no longer
 * hold (another cluster or type was chosen since) is dropped. Derived at each render rather than copied into the state, so that
 * nothing has to be kept in step when the lists arrive or change.
 */
export function resolveFormValues(
  values: InstanceCreateFormValues,
  context: {
    clusters: readonly Cluster[];
    applications: readonly LaunchableApplication[];
    images: readonly ClusterImage[];
  },
): InstanceCreateFormValues {
  const { applications, images } = context;
  const sourceType: SourceType =
    values.sourceType !== ""
      ? values.sourceType
      : applications.length > 0
        ? "application"
        : "image";
  const application =
    sourceType === "application"
      ? applications.find((candidate) => candidate.id === values.applicationId)
      : undefined;
  return {
    ...values,
    sourceType,
    clusterId: chosenClusterId(values, context.clusters),
    applicationId: application?.id ?? "",
    applicationVersion: chosenVersion(values.applicationVersion, application),
    imageId: images.some((image) => image.id === values.imageId)
      ? values.imageId
      : (defaultImageOf(images)?.id ?? ""),
    resourceType:
      values.resourceType !== ""
        ? values.resourceType
        : (application?.resourcePreset ?? defaultResourcePreset),
  };
}

/** The version chosen when the application publishes it, else its newest published one. */
function chosenVersion(chosen: string, application: LaunchableApplication | undefined): string {
  if (application === undefined) return "";
  if (application.versions.some((version) => String(version) === chosen)) return chosen;
  return String(application.version);
}
