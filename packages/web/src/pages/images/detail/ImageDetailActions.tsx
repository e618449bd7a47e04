import { useState } from "react";
import { useNavigate } from "react-router";
import type { ClusterImage } from "../../../api/images.ts";
import { createInstanceFromImagePath, type ImageAction } from "../shared/image-facts.ts";
import { useImageActionReason } from "../shared/use-image-action-reason.ts";
import { ImageActionModal } from "../shared/ImageActionModal.tsx";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { AuditHistoryLink } from "../../../components/detail/AuditHistoryLink.tsx";

type ConfirmedAction = "make-default" | "sync" | "delete";

const labels: Record<ConfirmedAction | "rename", string> = {
  "make-default": "Make default",
  sync: "Sync",
  delete: "Delete",
  rename: "Rename",
};

/**
 * What can be done to the image from its page, each disabled with its reason when it does not
 * apply or the user may not. Once deleted, the page goes back to the list.
 */
export function ImageDetailActions({ image }: { image: ClusterImage }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<ConfirmedAction>();
  const reasonOf = useImageActionReason();
  const button = (action: ConfirmedAction | "rename") => (
    <ActionButton
      className={`p-button${action === "delete" ? "--negative" : ""} u-no-margin--bottom`}
      reason={reasonOf(action satisfies ImageAction, image)}
      onClick={() => {
        if (action !== "rename") setConfirming(action);
      }}
    >
      {labels[action]}
    </ActionButton>
  );
  return (
    <div className="detail-page__actions">
      {button("make-default")}
      {button("sync")}
      <ActionLink
        className="p-button u-no-margin--bottom"
        to={createInstanceFromImagePath(image)}
        reason={reasonOf("create-instance", image)}
      >
        Create instance
      </ActionLink>
      {button("rename")}
      {button("delete")}
      <AuditHistoryLink resource={`image:${image.clusterId}/${image.id}`} />
      {confirming !== undefined && (
        <ImageActionModal
          input={{ image, action: confirming }}
          onClose={() => {
            setConfirming(undefined);
          }}
          onDone={() => {
            if (confirming === "delete") void navigate("/images");
          }}
        />
      )}
    </div>
  );
}
