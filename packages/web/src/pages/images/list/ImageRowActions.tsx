import { Link } from "react-router";
import type { ClusterImage } from "../../../api/images.ts";
import { createInstanceFromImagePath, whyImageActionUnavailable } from "../shared/image-facts.ts";

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
  const createReason = whyImageActionUnavailable("create-instance", image);
  return (
    <div className="images-list__row-actions">
      {rowActions.slice(0, 2).map((action) => (
        <ActionButton key={action} image={image} action={action} onAction={onAction} />
      ))}
      {createReason === undefined ? (
        <Link
          className="p-button is-dense"
          aria-label={`Create instance from ${image.name}`}
          to={createInstanceFromImagePath(image)}
        >
          Create instance
        </Link>
      ) : (
        <button
          type="button"
          className="p-button is-dense"
          aria-label={`Create instance from ${image.name}`}
          title={createReason}
          disabled
        >
          Create instance
        </button>
      )}
      <ActionButton image={image} action="delete" onAction={onAction} />
    </div>
  );
}

function ActionButton({ image, action, onAction }: Props & { action: ImageRowAction }) {
  const reason = whyImageActionUnavailable(action, image);
  return (
    <button
      type="button"
      className="p-button is-dense"
      aria-label={`${labels[action]} ${image.name}`}
      title={reason}
      disabled={reason !== undefined}
      onClick={() => {
        onAction(image, action);
      }}
    >
      {labels[action]}
    </button>
  );
}
