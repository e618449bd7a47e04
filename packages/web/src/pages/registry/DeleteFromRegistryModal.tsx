import type { RegistryApplicationView } from "../../api/registry.ts";
import { ConfirmModal } from "../../components/overlays/ConfirmModal.tsx";
import { useRegistryAction } from "../../queries/registry.ts";

interface Props {
  application: RegistryApplicationView;
  /** The cluster whose registry the page shows: the one asked to delete. */
  clusterId: string;
  close: () => void;
}

/** Asks before deleting an application from the registry; the clusters keep their own copies. */
export function DeleteFromRegistryModal({ application, clusterId, close }: Props) {
  const remove = useRegistryAction();
  return (
    <ConfirmModal
      title={`Delete ${application.name} from the registry`}
      body={
        <>
          The registry forgets {application.name} and every version of it. The clusters that hold it
          ({application.heldBy.length === 0 ? "none" : application.heldBy.join(", ")}) keep their
          own copy.
        </>
      }
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      error={remove.error}
      onCancel={close}
      onConfirm={() => {
        remove.mutate(
          { action: "delete", clusterId, id: application.id, name: application.name },
          { onSuccess: close },
        );
      }}
    />
  );
}
