import { z } from "zod";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  customDisplaySchema,
  customResourcesSchema,
  customResourceType,
  instanceCreateFormMessages,
  instanceNameMessages,
  instanceNameSchema,
  instanceTypes,
} from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";
import type { Cluster } from "../../../api/clusters.ts";
import { customResolution, type InstanceCreateFormValues } from "./create-form-values.ts";
import { resolveFormValues } from "./resolve-form-values.ts";
import type { LaunchableApplication } from "./source-options.ts";

/**
 * The form's rules, on resolved values (`resolveFormValues`): the contract's (the name's, SPEC
 * section 5; the sizes', whose bounds the cluster's request shares), plus the choices the form
 * needs. `takenName` is the name the live check found taken on the chosen cluster, if it did.
 * A field breaking several rules is told the first.
 */
export function createFormSchema(takenName: string | undefined) {
  return z
    .object({
      name: instanceNameSchema.refine((name) => name !== takenName, instanceNameMessages.taken),
      clusterId: z.string().min(1, instanceCreateFormMessages.cluster),
      containerOrVm: z.enum(instanceTypes),
      sourceType: z.enum(["application", "image", ""]),
      applicationId: z.string(),
      applicationVersion: z.string(),
      imageId: z.string(),
      resourceType: z.string(),
      resourceTypeCpu: z.string(),
      resourceTypeGpu: z.string(),
      resourceTypeVpu: z.string(),
      resourceTypeMemory: z.string(),
      enableStreaming: z.boolean(),
      resolution: z.string(),
      displayWidth: z.string(),
      displayHeight: z.string(),
      density: z.string(),
      fps: z.string(),
      deleteProtected: z.boolean(),
    })
    .superRefine((values, context) => {
      const wrong = (field: keyof InstanceCreateFormValues, message: string) => {
        context.addIssue({ code: "custom", path: [field], message });
      };
      // Fields that only count with some choices: the source of the chosen kind, custom sizes.
      if (values.sourceType === "application" && values.applicationId === "") {
        wrong("applicationId", instanceCreateFormMessages.application);
      }
      if (values.sourceType === "image" && values.imageId === "") {
        wrong("imageId", instanceCreateFormMessages.image);
      }
      const custom = [
        values.resourceType === customResourceType && customResourcesSchema.safeParse(values),
        values.resolution === customResolution && customDisplaySchema.safeParse(values),
      ];
      for (const result of custom) {
        if (result === false || result.success) continue;
        for (const issue of result.error.issues) {
          context.addIssue({ code: "custom", path: issue.path, message: issue.message });
        }
      }
    }) satisfies z.ZodType<InstanceCreateFormValues>;
}

/** What the rules need besides the values: the lists the form chooses from, the name check. */
export interface CreateFormContext {
  clusters: readonly Cluster[];
  applications: readonly LaunchableApplication[];
  images: readonly ClusterImage[];
  takenName: string | undefined;
}

/**
 * The form's react-hook-form resolver: the choices the form makes by itself are filled in first,
 * then the schema checks the result; a valid form is sent as resolved.
 */
export const createFormResolver: Resolver<InstanceCreateFormValues, CreateFormContext> = (
  values,
  context,
  options,
) => {
  if (context === undefined) throw new Error("The create form's resolver needs its context");
  const resolve = zodResolver(createFormSchema(context.takenName), undefined, { raw: true });
  return resolve(resolveFormValues(values, context), context, options);
};
