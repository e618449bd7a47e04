import type { ClusterImage } from "../../../api/images.ts";
import { createInstanceFromImagePath } from "../shared/image-facts.ts";
import { useImageActionReason } from "../shared/use-image-action-reason.ts";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";

/** The writes a row offers; each opens its confirmation. */
export type ImageRowAction = "make-default" | "sync" | "delete";

const labels: Record<ImageRowAction, string> = {
  "make-default": "Make default",
  sync: "Sync",
  delete: "Delete",
};
const rowActions: readonly ImageRowAction[] = ["make-default", "sync", "delete"];

interface Props {
  image: ClusterImage;
  onAction: (image: ClusterImage, action: ImageRowAction) => void;
}

/**
 * Make default, sync, create an instance from it and delete, for one row. An action that does not
 * apply is disabled with the reason in its tooltip (and read with the button), not hidden.
 */
export function ImageRowActions({ image, onAction }: Props) {
  const reasonOf = useImageActionReason();
  return (
    <div className="images-list__row-actions">
      {rowActions.slice(0, 2).map((action) => (
        <RowActionButton key={action} image={image} action={action} onAction={onAction} />
      ))}
      <ActionLink
        className="p-button is-dense"
        label={`Create instance from ${image.name}`}
        to={createInstanceFromImagePath(image)}
        reason={reasonOf("create-instance", image)}
      >
        Create instance
      </ActionLink>
      <RowActionButton image={image} action="delete" onAction={onAction} />
    </div>
  );
}

function RowActionButton({ image, action, onAction }: Props & { action: ImageRowAction }) {
  const reasonOf = useImageActionReason();
  return (
    <ActionButton
      className="p-button is-dense"
      label={`${labels[action]} ${image.name}`}
      reason={reasonOf(action, image)}
      onClick={() => {
        onAction(image, action);
      }}
    >
      {labels[action]}
    </ActionButton>
  );
}
