import type { ServerEntitlement } from "@anbox-dashboard/contract";
import { useMay } from "../../permissions/use-may.ts";
import { useCallback, useId, useState } from "react";
import type { RegistryApplicationView } from "../../api/registry.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { PageLayout } from "../../components/page-layout/PageLayout.tsx";
import { useClusters } from "../../queries/clusters.ts";
import { useRegistryApplications } from "../../queries/registry.ts";
import { useSessionInfo } from "../../queries/session-info.ts";
import { DeleteFromRegistryModal } from "./DeleteFromRegistryModal.tsx";
import { PullModal } from "./PullModal.tsx";
import { PushModal } from "./PushModal.tsx";
import { RegistryList } from "./RegistryList.tsx";
import { RegistryModeNotice } from "./RegistryModeNotice.tsx";
import { RegistryNotEnabled } from "./RegistryNotEnabled.tsx";
import { whyRegistryActionsUnavailable } from "./registry-facts.ts";
import { useRegistryCluster } from "./use-registry-cluster.ts";
import "./_registry.scss";

/** The dialog open over the page. */
type RegistryDialog =
  | { kind: "push" }
  | { kind: "pull"; application: RegistryApplicationView }
  | { kind: "delete"; application: RegistryApplicationView };

/**
 * `/registry`: the application registry as one cluster sees it (a picker when there are several:
 * the mode is each cluster's), with the clusters that hold each application. In manual mode
 * applications are pushed, pulled and deleted by hand; in automatic mode those actions are off,
 * with the reason on the page. Without a registry the page says how to set one.
 */
export default function RegistryPage() {
  const [chosenCluster, chooseCluster] = useRegistryCluster();
  const clusters = useClusters();
  const info = useSessionInfo();
  const registry = useRegistryApplications(chosenCluster);
  const [dialog, setDialog] = useState<RegistryDialog | undefined>();
  const reasonId = useId();
  const pickerId = useId();

  const clusterList = clusters.data ?? [];
  const clusterId = registry.data?.clusterId ?? chosenCluster ?? clusterList[0]?.id;
  // A direct visit to a dashboard whose first cluster has no registry: the session info says so
  // even if the registry's own call fails.
  const notEnabled =
    registry.data?.enabled === false ||
    (registry.isError && chosenCluster === undefined && info.data?.registry_enabled === false);
  const unavailable =
    registry.data === undefined
      ? "Loading the registry…"
      : whyRegistryActionsUnavailable(registry.data.mode);
  const reasonShown = registry.data !== undefined && !notEnabled && unavailable !== undefined;
  const { may } = useMay();
  const refusedHere = (action: ServerEntitlement) =>
    clusterId === undefined ? undefined : may(action, `cluster:${clusterId}`);
  const pushRefused = refusedHere("can_push_registry_applications");

  const onPull = useCallback((application: RegistryApplicationView) => {
    setDialog({ kind: "pull", application });
  }, []);
  const onDelete = useCallback((application: RegistryApplicationView) => {
    setDialog({ kind: "delete", application });
  }, []);
  const close = useCallback(() => {
    setDialog(undefined);
  }, []);

  return (
    <PageLayout
      title="Registry"
      // Without a registry there is nothing to push to: the page says so once, with no dead button.
      controls={
        notEnabled ? undefined : (
          <button
            type="button"
            className="p-button--positive u-no-margin--bottom"
            disabled={
              unavailable !== undefined || pushRefused !== undefined || clusterList.length === 0
            }
            title={unavailable ?? pushRefused}
            aria-describedby={reasonShown ? reasonId : undefined}
            onClick={() => {
              setDialog({ kind: "push" });
            }}
          >
            Push
          </button>
        )
      }
    >
      {clusterList.length > 1 && (
        <div className="p-form registry-toolbar">
          <div className="p-form__group">
            <label htmlFor={pickerId}>Registry of cluster</label>
            <select
              id={pickerId}
              value={clusterId ?? ""}
              onChange={(event) => {
                chooseCluster(event.target.value);
              }}
            >
              {clusterList.map((cluster) => (
                <option key={cluster.id} value={cluster.id}>
                  {cluster.id}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {notEnabled ? (
        <RegistryNotEnabled clusterId={clusterId} />
      ) : (
        <>
          {registry.isError && (
            <ErrorNotice title="Cannot load the registry" error={registry.error} />
          )}
          {registry.isPending && <PageLoader />}
          {registry.data !== undefined && (
            <>
              <RegistryModeNotice
                mode={registry.data.mode}
                clusterId={registry.data.clusterId}
                reasonId={reasonId}
              />
              <RegistryList
                applications={registry.data.metadata}
                stale={registry.isFetching}
                onPull={onPull}
                onDelete={onDelete}
                unavailable={unavailable}
                reasonId={reasonShown ? reasonId : undefined}
                pullRefused={refusedHere("can_pull_registry_applications")}
                deleteRefused={refusedHere("can_delete_registry_applications")}
              />
            </>
          )}
        </>
      )}
      {dialog?.kind === "push" && clusterId !== undefined && (
        <PushModal clusters={clusterList} clusterId={clusterId} close={close} />
      )}
      {dialog?.kind === "pull" && (
        <PullModal
          application={dialog.application}
          clusterIds={clusterList.map((cluster) => cluster.id)}
          close={close}
        />
      )}
      {dialog?.kind === "delete" && clusterId !== undefined && (
        <DeleteFromRegistryModal
          application={dialog.application}
          clusterId={clusterId}
          close={close}
        />
      )}
    </PageLayout>
  );
}
