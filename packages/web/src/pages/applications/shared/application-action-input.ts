import type { Confirmation } from "../../../components/overlays/ConfirmModal.tsx";
import type { ApplicationActionInput } from "../../../queries/applications.ts";

/** What the confirmation of an action says. */
export function confirmationOf(input: ApplicationActionInput): Confirmation {
  const { application } = input;
  switch (input.action) {
    case "delete":
      return {
        title: `Delete ${application.name}?`,
        body: `Delete application ${application.name} and all its versions from cluster ${application.clusterId}? Instances can no longer be made from it. The cluster refuses while instances use it, unless forced.`,
        confirmLabel: "Delete",
        destructive: true,
      };
    case "publish":
      return {
        title: `Publish version ${String(input.version)}?`,
        body: `New instances of ${application.name} will start from version ${String(input.version)} (the newest published version).`,
        confirmLabel: "Publish",
        destructive: false,
      };
    case "unpublish":
      return {
        title: `Unpublish version ${String(input.version)}?`,
        body: `New instances of ${application.name} will no longer start from version ${String(input.version)}; running instances keep it.`,
        confirmLabel: "Unpublish",
        destructive: false,
      };
    case "delete-version":
      return {
        title: `Delete version ${String(input.version)}?`,
        body: `Delete version ${String(input.version)} of application ${application.name}? The cluster refuses while instances use it.`,
        confirmLabel: "Delete version",
        destructive: true,
      };
  }
}
