import type { Confirmation } from "../../../components/overlays/ConfirmModal.tsx";
import type { ImageActionInput } from "../../../queries/images.ts";

/** What the confirmation of an action says; every image write is confirmed but a sync. */
export function confirmationOf(input: ImageActionInput): Confirmation {
  const { image } = input;
  const type = image.type === "vm" ? "VM" : "container";
  switch (input.action) {
    case "make-default":
      return {
        title: `Make ${image.name} the default?`,
        body: `New ${type} instances made without an image or application will start from ${image.name}. The current default ${type} image of cluster ${image.clusterId} stops being the default.`,
        confirmLabel: "Make default",
        destructive: false,
      };
    case "sync":
      return {
        title: `Sync ${image.name}?`,
        body: `The cluster downloads ${image.name} from its image server.`,
        confirmLabel: "Sync",
        destructive: false,
      };
    case "delete":
      return {
        title: `Delete ${image.name}?`,
        body: `Delete image ${image.name} (${type}) and all its versions from cluster ${image.clusterId}? Instances can no longer be made from it.`,
        confirmLabel: "Delete",
        destructive: true,
      };
    case "delete-version":
      return {
        title: `Delete version ${String(input.version)}?`,
        body: `Delete version ${String(input.version)} of image ${image.name} (${type})? New instances take its newest remaining version.`,
        confirmLabel: "Delete version",
        destructive: true,
      };
  }
}
