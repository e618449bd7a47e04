import { useState } from "react";
import type { AmsApplicationVersion, ResourceName } from "@anbox-dashboard/contract";
import { useMay } from "../../../permissions/use-may.ts";
import type { ClusterApplication } from "../../../api/applications.ts";
import type { ApplicationActionInput } from "../../../queries/applications.ts";
import { formatBytes } from "../../../util/bytes.ts";
import { formatDate } from "../../../util/dates.ts";
import { VersionsTable, type VersionColumn } from "../../../components/table/VersionsTable.tsx";
import { ApplicationActionModal } from "../shared/ApplicationActionModal.tsx";
import { ApplicationStatusLabel } from "../shared/ApplicationStatusLabel.tsx";
import {
  createInstanceFromApplicationPath,
  uploadVersionPath,
} from "../shared/application-facts.ts";
import {
  onlyVersionReason,
  publishActionOf,
  whyNoInstanceOfVersion,
  whyNotPublishable,
} from "./version-actions.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";
import { useApplicationActionReason } from "../shared/use-application-action-reason.ts";
import { ActionLink } from "../../../components/actions/ActionLink.tsx";

type VersionAction = Extract<ApplicationActionInput, { version: number }>["action"];

/**
 * The versions tab: each version newest first with its status, whether it is published, the size
 * of its package and its date; publish or unpublish it and delete it, each confirmed, or start an
 * instance of it. The cluster's refusal (a version instances use) shows in the dialog. "Upload a
 * new version" opens the edit form at its APK field: a new APK there makes the next version, and
 * the form comes back here, where the events show it go from initializing to ready.
 */
export function ApplicationVersions({ application }: { application: ClusterApplication }) {
  const [pending, setPending] = useState<{ action: VersionAction; version: number }>();
  const versions = application.versions.toSorted((a, b) => b.number - a.number);
  const only = application.versions.length <= 1;
  const uploadReason = useApplicationActionReason()("edit", application);
  return (
    <>
      <div className="application-versions__toolbar">
        <ActionLink
          className="p-button--positive"
          to={uploadVersionPath(application)}
          reason={uploadReason}
        >
          Upload a new version
        </ActionLink>
      </div>
      <VersionsTable
        label={`Versions of ${application.name}`}
        className="application-versions"
        versions={versions}
        number={(version) => version.number}
        columns={columns}
        actions={(version) => (
          <VersionActions
            application={application}
            version={version}
            onlyVersion={only}
            onAction={(action) => {
              setPending({ action, version: version.number });
            }}
          />
        )}
      />
      {pending !== undefined && (
        <ApplicationActionModal
          input={{ application, ...pending }}
          onClose={() => {
            setPending(undefined);
          }}
        />
      )}
    </>
  );
}

const columns: readonly VersionColumn<AmsApplicationVersion>[] = [
  {
    heading: "Status",
    cell: (version) => (
      <>
        <ApplicationStatusLabel status={version.status} />
        {version.error_message !== "" && <div>{version.error_message}</div>}
      </>
    ),
  },
  { heading: "Published", cell: (version) => (version.published ? "Yes" : "No") },
  { heading: "Version name", cell: (version) => version.manifest_version || "None" },
  {
    heading: "Size",
    className: "application-versions__size",
    // 0: a version the cluster made before it kept sizes.
    cell: (version) => (version.size > 0 ? formatBytes(version.size) : "Unknown"),
  },
  { heading: "Created", cell: (version) => formatDate(version.created_at * 1000) },
];

function VersionActions({
  application,
  version,
  onlyVersion,
  onAction,
}: {
  application: ClusterApplication;
  version: AmsApplicationVersion;
  onlyVersion: boolean;
  onAction: (action: VersionAction) => void;
}) {
  const { may } = useMay();
  const resource: ResourceName = `application:${application.clusterId}/${application.id}`;
  const publishAction = publishActionOf(version);
  const publishReason = may("can_publish", resource) ?? whyNotPublishable(version);
  const number = String(version.number);
  const instanceReason =
    may("can_create_instances", `cluster:${application.clusterId}`) ??
    whyNoInstanceOfVersion(application.status, version);
  const deleteReason = may("can_edit", resource) ?? (onlyVersion ? onlyVersionReason : undefined);
  const instanceLabel = `Create instance of version ${number}`;
  return (
    <div className="application-versions__actions">
      <ActionLink
        className="p-button is-dense u-no-margin--bottom"
        label={instanceLabel}
        to={createInstanceFromApplicationPath(application, version.number)}
        reason={instanceReason}
      >
        Create instance
      </ActionLink>
      <ActionButton
        className="p-button is-dense u-no-margin--bottom"
        label={`${publishAction === "publish" ? "Publish" : "Unpublish"} version ${number}`}
        reason={publishReason}
        onClick={() => {
          onAction(publishAction);
        }}
      >
        {publishAction === "publish" ? "Publish" : "Unpublish"}
      </ActionButton>
      <ActionButton
        className="p-button is-dense u-no-margin--bottom"
        label={`Delete version ${number}`}
        reason={deleteReason}
        onClick={() => {
          onAction("delete-version");
        }}
      >
        Delete
      </ActionButton>
    </div>
  );
}
