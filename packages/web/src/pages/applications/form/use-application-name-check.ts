import { applicationNameSchema } from "@anbox-dashboard/contract";
import { useNameCheck, type NameCheck } from "../../../components/form/use-name-check.ts";
import { applicationNameTakenQuery } from "../../../queries/applications-upload.ts";

/**
 * Looks a new application's name up in the chosen cluster once typing pauses (`useNameCheck`), so
 * that a taken name is said before the APK is uploaded. Nothing to check unless `wanted` (adding,
 * and not being sent), without a name, or with one that breaks a rule.
 */
export function useApplicationNameCheck(
  wanted: boolean,
  clusterId: string,
  name: string,
): NameCheck {
  const checkable = wanted && clusterId !== "" && applicationNameSchema.safeParse(name).success;
  return useNameCheck(applicationNameTakenQuery(clusterId, name), checkable);
}
