import { useId, useState } from "react";
import {
  clusterResourceKinds,
  resourceKinds,
  type ClusterResourceKind,
  type Entitlement,
  type Permission,
  type ResourceKind,
  type ResourceName,
} from "@anbox-dashboard/contract";
import { useClusters } from "../../../queries/clusters.ts";
import {
  useEntitlementCatalogue,
  useGroups,
  useIdentities,
  useResourceChoices,
} from "../../../queries/permissions.ts";

interface Props {
  onAdd: (permission: Permission) => void;
  /** Why the editor may not give this permission, if they may not. */
  refusalOf: (permission: Permission) => string | undefined;
}

const kindLabels: Record<ResourceKind, string> = {
  server: "The whole dashboard (server)",
  cluster: "A cluster",
  instance: "An instance",
  application: "An application",
  image: "An image",
  node: "A node",
  group: "A group",
  identity: "An identity",
};

function isClusterKind(kind: ResourceKind): kind is ClusterResourceKind {
  return (clusterResourceKinds as readonly string[]).includes(kind);
}

/**
 * Picks a permission by resource kind, then resource (only those the editor may view: the lists
 * show no other), then entitlement (those of the kind, with their descriptions), and stages it.
 */
export function AddPermissionForm({ onAdd, refusalOf }: Props) {
  const id = useId();
  const [kind, setKind] = useState<ResourceKind>("cluster");
  const [clusterId, setClusterId] = useState("");
  const [itemId, setItemId] = useState("");
  const [entitlement, setEntitlement] = useState("");
  const clusters = useClusters().data ?? [];
  const catalogue = useEntitlementCatalogue().data;
  const groups = useGroups();
  const identities = useIdentities();
  const cluster = clusterId === "" ? (clusters[0]?.id ?? "") : clusterId;
  const items = useResourceChoices(isClusterKind(kind) ? kind : undefined, cluster);

  const choices: { id: string; label: string }[] =
    kind === "group"
      ? (groups.data ?? []).map((group) => ({ id: group.name, label: group.name }))
      : kind === "identity"
        ? (identities.data ?? []).map((identity) => ({
            id: identity.id,
            label: `${identity.name} (${identity.email})`,
          }))
        : (items.data ?? []);
  const needsItem = kind !== "server" && kind !== "cluster";
  const item = itemId === "" ? (choices[0]?.id ?? "") : itemId;
  const resource: ResourceName | undefined =
    kind === "server"
      ? "server"
      : kind === "cluster"
        ? cluster === ""
          ? undefined
          : `cluster:${cluster}`
        : item === ""
          ? undefined
          : isClusterKind(kind)
            ? `${kind}:${cluster}/${item}`
            : `${kind}:${item}`;
  const entries = catalogue?.[kind] ?? [];
  const chosenEntitlement = (entitlement === "" ? entries[0]?.entitlement : entitlement) as
    Entitlement | undefined;
  const permission =
    resource === undefined || chosenEntitlement === undefined
      ? undefined
      : { entitlement: chosenEntitlement, resource };
  const refused = permission === undefined ? "Choose a resource first." : refusalOf(permission);

  return (
    <fieldset>
      <legend>Add a permission</legend>
      <div className="permissions__add">
        <div>
          <label htmlFor={`${id}-kind`}>Resource kind</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ResourceKind);
              setItemId("");
              setEntitlement("");
            }}
          >
            {resourceKinds.map((option) => (
              <option key={option} value={option}>
                {kindLabels[option]}
              </option>
            ))}
          </select>
        </div>
        {(kind === "cluster" || isClusterKind(kind)) && (
          <div>
            <label htmlFor={`${id}-cluster`}>Cluster</label>
            <select
              id={`${id}-cluster`}
              value={cluster}
              onChange={(event) => {
                setClusterId(event.target.value);
                setItemId("");
              }}
            >
              {clusters.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.id}
                </option>
              ))}
            </select>
          </div>
        )}
        {needsItem && (
          <div>
            <label htmlFor={`${id}-item`}>Resource</label>
            <select
              id={`${id}-item`}
              value={item}
              disabled={choices.length === 0}
              onChange={(event) => {
                setItemId(event.target.value);
              }}
            >
              {choices.length === 0 && <option value="">None you may view</option>}
              {choices.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-entitlement`}>Entitlement</label>
          <select
            id={`${id}-entitlement`}
            value={chosenEntitlement ?? ""}
            onChange={(event) => {
              setEntitlement(event.target.value);
            }}
          >
            {entries.map((entry) => (
              <option key={entry.entitlement} value={entry.entitlement}>
                {entry.entitlement}: {entry.description}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button
            type="button"
            className="p-button"
            title={refused}
            disabled={refused !== undefined}
            onClick={() => {
              if (permission !== undefined) onAdd(permission);
            }}
          >
            Add
          </button>
        </div>
      </div>
      {refused !== undefined && permission !== undefined && (
        <p className="p-form-help-text">{refused}</p>
      )}
    </fieldset>
  );
}
