import type { RegistryApplicationView } from "../../api/registry.ts";
import { ActionConfirmModal } from "../../components/overlays/ActionConfirmModal.tsx";
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
    <ActionConfirmModal
      confirmation={{
        title: `Delete ${application.name} from the registry`,
        body: (
          <>
            The registry forgets {application.name} and every version of it. The clusters that hold
            it ({application.heldBy.length === 0 ? "none" : application.heldBy.join(", ")}) keep
            their own copy.
          </>
        ),
        confirmLabel: "Delete",
        destructive: true,
      }}
      mutation={remove}
      input={{ action: "delete", clusterId, id: application.id, name: application.name }}
      onClose={close}
    />
  );
}
