import type { ReactNode } from "react";
import { Link } from "react-router";
import type { InstanceService } from "@anbox-dashboard/contract";
import type { ClusterInstance } from "../../../api/instances.ts";
import { formatBytes } from "../../../util/bytes.ts";
import { formatDate } from "../../../util/dates.ts";
import { InstanceStatusBadge } from "../shared/InstanceStatusBadge.tsx";
import { sessionIdOf } from "../shared/instance-actions.ts";
import { ownerText } from "../../../permissions/owner-text.ts";
import { Fact } from "../../../components/detail/Fact.tsx";

/** What a field without a value shows. */
const none = "None";

/** The overview tab: every fact the cluster gives about the instance, in sections. */
export function InstanceOverview({ instance }: { instance: ClusterInstance }) {
  const { config, resources } = instance;
  const sessionId = sessionIdOf(instance.tags);
  const fromApplication = instance.app_id !== "";
  const { display } = config;
  return (
    <div className="instance-overview">
      <Section title="General">
        <Fact label="Status">
          <InstanceStatusBadge status={instance.status} />
          {instance.desired_status !== instance.status && (
            <span className="instance-overview__note">going to {instance.desired_status}</span>
          )}
        </Fact>
        {instance.status_message !== "" && (
          <Fact label="Status message">{instance.status_message}</Fact>
        )}
        {instance.error_message !== "" && (
          <Fact label="Error">
            <span className="instance-overview__error">{instance.error_message}</span>
          </Fact>
        )}
        <Fact label="ID">
          <code>{instance.id}</code>
        </Fact>
        <Fact label="Cluster">{instance.clusterId}</Fact>
        <Fact label="Type">{instance.type === "vm" ? "Virtual machine" : "Container"}</Fact>
        {fromApplication ? (
          <Fact label="Application">
            <Link to={`/applications/${path(instance.clusterId)}/${path(instance.app_id)}`}>
              {instance.app_name}
            </Link>{" "}
            version {instance.app_version}
          </Fact>
        ) : (
          <Fact label="Image">
            <Link to={`/images/${path(instance.clusterId)}/${path(instance.image_id)}`}>
              {instance.image_name}
            </Link>{" "}
            version {instance.image_version}
          </Fact>
        )}
        <Fact label="Architecture">{instance.architecture || none}</Fact>
        <Fact label="Node">{instance.node || none}</Fact>
        <Fact label="Created">{formatDate(secondsToMilliseconds(instance.created_at))}</Fact>
      </Section>

      <Section title="Resources">
        <Fact label="CPU">{count(resources.cpus, "core")}</Fact>
        <Fact label="Memory">{formatBytes(resources.memory)}</Fact>
        <Fact label="Disk">{formatBytes(resources["disk-size"])}</Fact>
        <Fact label="GPU slots">{resources["gpu-slots"]}</Fact>
        <Fact label="VPU slots">{resources["vpu-slots"]}</Fact>
      </Section>

      <Section title="Network">
        <Fact label="Address">{instance.address || none}</Fact>
        <Fact label="Public address">{instance.public_address || none}</Fact>
        <Fact label="Services">
          {instance.services.length === 0 ? (
            none
          ) : (
            <ul className="instance-overview__list">
              {instance.services.map((service) => (
                <li key={`${service.name}-${String(service.port)}`}>{describeService(service)}</li>
              ))}
            </ul>
          )}
        </Fact>
      </Section>

      <Section title="Tags">
        <Fact label="Tags">
          {instance.tags.length === 0 ? (
            none
          ) : (
            <ul className="instance-overview__tags">
              {instance.tags.map((tag) => (
                <li key={tag}>
                  <code>{tag}</code>
                </li>
              ))}
            </ul>
          )}
        </Fact>
      </Section>

      <Section title="Streaming">
        <Fact label="Streaming">{config.enable_streaming ? "Enabled" : "Disabled"}</Fact>
        <Fact label="Display">
          {display.width}×{display.height}, {display.fps} fps, density {display.density}
        </Fact>
        <Fact label="Session">
          {sessionId === undefined ? (
            none
          ) : (
            <Link to={`/sessions/${path(sessionId)}`}>{sessionId}</Link>
          )}
        </Fact>
      </Section>

      <Section title="Security">
        <Fact label="Delete protection">{config.security.delete_protected ? "On" : "Off"}</Fact>
        {instance.owner !== undefined && <Fact label="Owner">{ownerText(instance.owner)}</Fact>}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `instance-overview-${title.toLowerCase()}`;
  return (
    <section className="instance-overview__section" aria-labelledby={id}>
      <h2 className="p-heading--5" id={id}>
        {title}
      </h2>
      <dl className="facts">{children}</dl>
    </section>
  );
}

const path = encodeURIComponent;

/** The cluster counts `created_at` in Unix seconds; dates are read in milliseconds. */
const secondsToMilliseconds = (seconds: number) => seconds * 1000;

const count = (value: number, unit: string) => `${String(value)} ${unit}${value === 1 ? "" : "s"}`;

/** "adb: 5555/tcp, exposed on node port 10000" */
function describeService(service: InstanceService): string {
  const ports =
    service.port_end > service.port
      ? `${String(service.port)}-${String(service.port_end)}`
      : String(service.port);
  const protocols = service.protocols.length === 0 ? "tcp" : service.protocols.join("+");
  const name = service.name === "" ? "" : `${service.name}: `;
  if (!service.expose) return `${name}${ports}/${protocols}`;
  const nodePorts =
    service.node_port_end > service.node_port
      ? `${String(service.node_port)}-${String(service.node_port_end)}`
      : String(service.node_port);
  return `${name}${ports}/${protocols}, exposed on node port ${nodePorts}`;
}
