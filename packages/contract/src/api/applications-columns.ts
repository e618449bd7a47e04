// What the applications list shows of an application beyond its own fields, worked out the same
// way by the server (to filter and sort) and the web app (to show).
import type { AmsApplication, AmsApplicationVersion } from "../ams/application.ts";
import { automotiveApplicationTag } from "../ams/manifest.ts";

/** `type` of the applications list (filter and column). */
export const applicationTypes = ["automotive", "mobile"] as const;
export type ApplicationType = (typeof applicationTypes)[number];

/** Automotive when tagged `automotiveApplicationTag` (`app_type_automotive`), else mobile. */
export function applicationTypeOf(application: Pick<AmsApplication, "tags">): ApplicationType {
  return application.tags.includes(automotiveApplicationTag) ? "automotive" : "mobile";
}

/** The version with the highest number, or undefined for an application that has none yet. */
export function latestApplicationVersion(
  application: Pick<AmsApplication, "versions">,
): AmsApplicationVersion | undefined {
  let latest: AmsApplicationVersion | undefined;
  for (const version of application.versions) {
    if (latest === undefined || version.number > latest.number) latest = version;
  }
  return latest;
}

/** How many of its versions are published (instances can be made from those only). */
export function publishedVersionCount(application: Pick<AmsApplication, "versions">): number {
  return application.versions.filter((version) => version.published).length;
}
