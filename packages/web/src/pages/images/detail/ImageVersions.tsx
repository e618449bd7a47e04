import { useState } from "react";
import type { AmsImageVersion } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { formatBytes } from "../../../util/bytes.ts";
import { formatDate } from "../../../util/dates.ts";
import { VersionsTable, type VersionColumn } from "../../../components/table/VersionsTable.tsx";
import { ImageActionModal } from "../shared/ImageActionModal.tsx";
import { ImageStatusLabel } from "../shared/ImageStatusLabel.tsx";

/** Why a version's Delete is disabled when it is the only one (the cluster refuses it too). */
export const onlyVersionReason =
  "The only version of an image cannot be deleted: delete the image.";

/**
 * The versions tab: each version newest first with its size, status and date, and a confirmed
 * delete. The cluster refuses a version instances run on, with its reason, in the dialog.
 */
export function ImageVersions({ image }: { image: ClusterImage }) {
  const [deleting, setDeleting] = useState<number>();
  const versions = image.versions.toReversed();
  const only = image.versions.length <= 1;
  return (
    <>
      <VersionsTable
        label={`Versions of ${image.name}`}
        className="image-versions"
        versions={versions}
        number={(version) => version.version}
        columns={columns}
        actions={(version) => (
          <button
            type="button"
            className="p-button is-dense u-no-margin--bottom"
            aria-label={`Delete version ${String(version.version)}`}
            title={only ? onlyVersionReason : undefined}
            disabled={only}
            onClick={() => {
              setDeleting(version.version);
            }}
          >
            Delete
          </button>
        )}
      />
      {deleting !== undefined && (
        <ImageActionModal
          input={{ image, action: "delete-version", version: deleting }}
          onClose={() => {
            setDeleting(undefined);
          }}
        />
      )}
    </>
  );
}

const columns: readonly VersionColumn<AmsImageVersion>[] = [
  {
    heading: "Status",
    cell: (version) => (
      <>
        <ImageStatusLabel status={version.status} />
        {version.error_message !== "" && <div>{version.error_message}</div>}
      </>
    ),
  },
  { heading: "Size", cell: (version) => formatBytes(version.size) },
  { heading: "Created", cell: (version) => formatDate(version.created_at * 1000) },
  {
    heading: "Fingerprint",
    className: "image-versions__fingerprint",
    cell: (version) => <code title={version.fingerprint}>{version.fingerprint.slice(0, 12)}</code>,
  },
];
