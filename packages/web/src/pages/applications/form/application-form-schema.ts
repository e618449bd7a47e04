import { z } from "zod";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  applicationManifestSchema,
  customResourcesSchema,
  customResourceType,
} from "@anbox-dashboard/contract";
import { cachedApkRefusal } from "./apk-check.ts";
import type { ApplicationFormValues } from "./application-form-values.ts";
import { manifestOfValues } from "./manifest-mapping.ts";

type FormField = keyof ApplicationFormValues;

/** Where a manifest key's message shows in the form, and the words it starts with there. */
const fieldOfManifestKey: Record<string, { field: FormField; label: string } | undefined> = {
  name: { field: "name", label: "The name" },
  version: { field: "versionName", label: "The version name" },
  image: { field: "imageId", label: "The image" },
  "instance-type": { field: "resourceType", label: "The resource type" },
  "boot-package": { field: "bootPackage", label: "The boot package" },
  "boot-activity": { field: "bootActivity", label: "The boot activity" },
  tags: { field: "tags", label: "The tags" },
  features: { field: "features", label: "The features" },
  watchdog: { field: "watchdogAllowedPackages", label: "The watchdog" },
};

/** What the rules need besides the values. */
export interface ApplicationFormContext {
  /** Adding (an APK is needed) or editing (a new APK makes a new version). */
  mode: "add" | "edit";
  /** The names and ids of the chosen cluster's images of the chosen type, once loaded. */
  images: readonly string[] | undefined;
  /** On edit, the boot package of the current version: it only changes with a new APK. */
  bootPackage?: string;
  /** The name the live check found taken on the chosen cluster, if it did. */
  takenName?: string;
}

/**
 * The form's rules. Every manifest field is checked by the cluster's own manifest schema
 * (`applicationManifestSchema`, the rules the cluster applies to an upload), on the manifest the
 * form makes, and its message shown at its field; a message about a key the form has no field
 * for shows with the manifest (`manifestExtras`). Custom sizes are checked with the instance
 * form's bounds, and the APK by its content (`apkRefusal`), before anything is uploaded.
 */
export function applicationFormSchema(context: ApplicationFormContext) {
  // The values are react-hook-form's own (typed by it): the rules below are all refinements.
  return z.custom<ApplicationFormValues>().superRefine(async (values, issues) => {
    const wrong = (field: string, message: string) => {
      issues.addIssue({ code: "custom", path: [field], message });
    };
    if (values.clusterId === "")
      wrong("clusterId", "Choose the cluster to add the application to.");
    const manifest = applicationManifestSchema.safeParse(manifestOfValues(values));
    const custom = values.resourceType === customResourceType;
    for (const issue of manifest.success ? [] : manifest.error.issues) {
      const [key] = issue.path;
      const target = typeof key === "string" ? fieldOfManifestKey[key] : undefined;
      if (target !== undefined) {
        wrong(target.field, `${target.label} ${issue.message}.`);
      } else if (!(custom && key === "resources")) {
        // Custom sizes have their own fields and bounds, checked below.
        const where = issue.path.map(String).join(".");
        wrong("manifestExtras", where === "" ? issue.message : `${where}: ${issue.message}`);
      }
    }
    if (custom) {
      const sizes = customResourcesSchema.safeParse(values);
      for (const issue of sizes.success ? [] : sizes.error.issues) {
        issues.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    }
    if (context.takenName !== undefined && values.name === context.takenName) {
      wrong(
        "name",
        `Cluster ${values.clusterId} has an application named ${values.name} already: choose another name.`,
      );
    }
    const { images } = context;
    if (images !== undefined && values.imageId !== "" && !images.includes(values.imageId)) {
      wrong(
        "imageId",
        `The cluster has no ${values.containerOrVm === "vm" ? "virtual machine" : "container"} image ${values.imageId}: choose one of the list.`,
      );
    }
    if (values.apk === null) {
      if (context.mode === "add") wrong("apk", "Choose the application's APK file.");
      else if (context.bootPackage !== undefined && values.bootPackage !== context.bootPackage) {
        wrong("bootPackage", "The boot package changes with a new version: choose its APK too.");
      }
    } else {
      const refusal = await cachedApkRefusal(values.apk);
      if (refusal !== undefined) wrong("apk", refusal);
    }
  });
}

/** The form's react-hook-form resolver over `applicationFormSchema`. */
export const applicationFormResolver: Resolver<ApplicationFormValues, ApplicationFormContext> = (
  values,
  context,
  options,
) => {
  if (context === undefined) throw new Error("The application form's resolver needs its context");
  return zodResolver(applicationFormSchema(context), undefined, { raw: true })(
    values,
    context,
    options,
  );
};
