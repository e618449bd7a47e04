import { applicationNameSchema } from "@anbox-dashboard/contract";
import { useNameCheck, type NameCheck } from "../../../components/form/use-name-check.ts";
import { applicationNameTakenQuery } from "../../../queries/applications-upload.ts";

/**
 * Looks a new application's name up in the chosen cluster once typing pauses (`useNameCheck`), so
 * that a taken name is said before the APK is uploaded. Nothing to check on edit (the name is
 * fixed), without a name, or with one that breaks a rule.
 */
export function useApplicationNameCheck(
  adding: boolean,
  clusterId: string,
  name: string,
): NameCheck {
  const checkable = adding && clusterId !== "" && applicationNameSchema.safeParse(name).success;
  return useNameCheck(applicationNameTakenQuery(clusterId, name), checkable);
}
