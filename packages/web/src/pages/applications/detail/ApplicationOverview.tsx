import { Link } from "react-router";
import type { ClusterApplication } from "../../../api/applications.ts";
import { formatDate } from "../../../util/dates.ts";
import {
  applicationCreatedAt,
  applicationImagePath,
  applicationResourcesText,
  applicationRuntimeLabel,
  applicationTypeLabelOf,
  latestApplicationVersion,
  publishedVersionCount,
} from "../shared/application-facts.ts";
import { ApplicationStatusLabel } from "../shared/ApplicationStatusLabel.tsx";
import { ApplicationManifest } from "./ApplicationManifest.tsx";
import { ownerText } from "../../../permissions/owner-text.ts";
import { Fact } from "../../../components/detail/Fact.tsx";

const none = "None";

const listOrNone = (values: readonly string[]) => (values.length > 0 ? values.join(", ") : none);

/** The overview tab: every field the cluster gives about the application, and its manifest. */
export function ApplicationOverview({ application }: { application: ClusterApplication }) {
  const latest = latestApplicationVersion(application);
  const created = applicationCreatedAt(application);
  return (
    <>
      <dl className="facts facts--narrow">
        <Fact label="Name">{application.name}</Fact>
        <Fact label="ID">
          <code>{application.id}</code>
        </Fact>
        <Fact label="Status">
          <ApplicationStatusLabel status={application.status} />
        </Fact>
        {latest !== undefined && latest.error_message !== "" && (
          <Fact label="Error">{latest.error_message}</Fact>
        )}
        <Fact label="Type">{applicationTypeLabelOf(application)}</Fact>
        <Fact label="Runs as">{applicationRuntimeLabel(application)}</Fact>
        <Fact label="Image">
          {application.parent_image_name === "" ? (
            <>
              <code>{application.parent_image_id}</code> (no longer on the cluster)
            </>
          ) : (
            <Link to={applicationImagePath(application)}>{application.parent_image_name}</Link>
          )}
          {application.parent_image_variant !== "" && ` (${application.parent_image_variant})`}
        </Fact>
        <Fact label="Boot package">{application.boot_package || none}</Fact>
        <Fact label="Resources">{applicationResourcesText(application) || none}</Fact>
        <Fact label="Resource preset">{application.instance_type || none}</Fact>
        <Fact label="Tags">{listOrNone(application.tags)}</Fact>
        <Fact label="Node selector">{listOrNone(application.node_selector)}</Fact>
        <Fact label="Addons">{listOrNone(application.addons)}</Fact>
        <Fact label="ABI">{application.abi || none}</Fact>
        <Fact label="Latest version">{latest === undefined ? none : latest.number}</Fact>
        <Fact label="Versions">{application.versions.length}</Fact>
        <Fact label="Published versions">{publishedVersionCount(application)}</Fact>
        <Fact label="Immutable">{application.immutable ? "Yes" : "No"}</Fact>
        <Fact label="Automatic updates">
          {application.inhibit_auto_updates ? "Inhibited" : "Allowed"}
        </Fact>
        <Fact label="Created">{created === undefined ? none : formatDate(created * 1000)}</Fact>
        <Fact label="Cluster">{application.clusterId}</Fact>
        {application.owner !== undefined && (
          <Fact label="Owner">{ownerText(application.owner)}</Fact>
        )}
      </dl>
      {latest !== undefined && (
        <ApplicationManifest application={application} version={latest.number} />
      )}
    </>
  );
}
