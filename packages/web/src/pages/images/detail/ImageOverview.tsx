import type { ClusterImage } from "../../../api/images.ts";
import { formatBytes } from "../../../util/bytes.ts";
import { formatDate } from "../../../util/dates.ts";
import { imageCreatedAt, imageTypeLabel, latestVersionOf } from "../shared/image-facts.ts";
import { ImageStatusLabel } from "../shared/ImageStatusLabel.tsx";
import { ownerText } from "../../../permissions/owner-text.ts";
import { Fact } from "../../../components/detail/Fact.tsx";

const none = "None";

/** The overview tab: every field the cluster gives about the image. */
export function ImageOverview({ image }: { image: ClusterImage }) {
  const latest = latestVersionOf(image);
  const created = imageCreatedAt(image);
  return (
    <dl className="facts facts--narrow">
      <Fact label="Name">{image.name}</Fact>
      <Fact label="ID">
        <code>{image.id}</code>
      </Fact>
      <Fact label="Status">
        <ImageStatusLabel status={image.status} />
      </Fact>
      <Fact label="Type">{imageTypeLabel(image.type)}</Fact>
      <Fact label="Default">
        {image.default
          ? `Yes: the default ${image.type === "vm" ? "VM" : "container"} image`
          : "No"}
      </Fact>
      <Fact label="Variant">{image.variant || none}</Fact>
      <Fact label="Architecture">{image.architecture || none}</Fact>
      <Fact label="Capabilities">
        {image.capabilities.length > 0 ? image.capabilities.join(", ") : none}
      </Fact>
      <Fact label="Immutable">{image.immutable ? "Yes" : "No"}</Fact>
      <Fact label="Latest version">{latest === undefined ? none : latest.version}</Fact>
      <Fact label="Versions">{image.versions.length}</Fact>
      <Fact label="Size">{latest === undefined ? none : formatBytes(latest.size)}</Fact>
      <Fact label="Created">{created === undefined ? none : formatDate(created * 1000)}</Fact>
      <Fact label="Used by">
        {image.used_by.length === 1
          ? "1 application"
          : `${String(image.used_by.length)} applications`}
      </Fact>
      <Fact label="Cluster">{image.clusterId}</Fact>
      {image.owner !== undefined && <Fact label="Owner">{ownerText(image.owner)}</Fact>}
    </dl>
  );
}
