import { useState } from "react";
import type { AmsImageVersion } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { formatBytes } from "../../../util/bytes.ts";
import { formatDate } from "../../../util/dates.ts";
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
      <table className="image-versions" role="table" aria-label={`Versions of ${image.name}`}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Version
            </th>
            <th scope="col" role="columnheader">
              Status
            </th>
            <th scope="col" role="columnheader">
              Size
            </th>
            <th scope="col" role="columnheader">
              Created
            </th>
            <th scope="col" role="columnheader">
              Fingerprint
            </th>
            <th scope="col" role="columnheader">
              <span className="u-off-screen">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {versions.map((version) => (
            <VersionRow
              key={version.version}
              version={version}
              onlyVersion={only}
              onDelete={() => {
                setDeleting(version.version);
              }}
            />
          ))}
        </tbody>
      </table>
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

function VersionRow({
  version,
  onlyVersion,
  onDelete,
}: {
  version: AmsImageVersion;
  onlyVersion: boolean;
  onDelete: () => void;
}) {
  return (
    <tr role="row">
      <th scope="row" role="rowheader" data-heading="Version">
        {version.version}
      </th>
      <td role="cell" data-heading="Status">
        <ImageStatusLabel status={version.status} />
        {version.error_message !== "" && <div>{version.error_message}</div>}
      </td>
      <td role="cell" data-heading="Size">
        {formatBytes(version.size)}
      </td>
      <td role="cell" data-heading="Created">
        {formatDate(version.created_at * 1000)}
      </td>
      <td role="cell" data-heading="Fingerprint" className="image-versions__fingerprint">
        <code title={version.fingerprint}>{version.fingerprint.slice(0, 12)}</code>
      </td>
      <td role="cell" className="image-versions__actions">
        <button
          type="button"
          className="p-button is-dense u-no-margin--bottom"
          aria-label={`Delete version ${String(version.version)}`}
          title={onlyVersion ? onlyVersionReason : undefined}
          disabled={onlyVersion}
          onClick={onDelete}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
