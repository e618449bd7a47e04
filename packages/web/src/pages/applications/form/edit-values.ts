import type { ClusterApplication } from "../../../api/applications.ts";
import {
  initialApplicationFormValues,
  type ApplicationFormValues,
} from "./application-form-values.ts";
import { readManifestText } from "./manifest-mapping.ts";

/**
 * The form filled in from an application: its latest manifest (every manifest field, the keys
 * the form has no field for kept), and what the cluster holds outside it (its type, whether
 * auto-updates are inhibited). A manifest that cannot be read leaves the manifest fields empty
 * but for the name; `undefined` is never returned, so that the form can still be used.
 */
export function editValuesOf(
  application: ClusterApplication,
  manifestText: string,
): ApplicationFormValues {
  const reading = readManifestText(manifestText);
  const fields = reading.ok ? reading.fields : {};
  return {
    ...initialApplicationFormValues,
    resourceType: "",
    ...fields,
    name: application.name,
    clusterId: application.clusterId,
    containerOrVm: application.vm ? "vm" : "container",
    inhibitAutoUpdates: application.inhibit_auto_updates,
    apk: null,
  };
}
