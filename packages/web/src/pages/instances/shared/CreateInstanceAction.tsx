import { ActionLink } from "../../../components/actions/ActionLink.tsx";
import { useMayOnSomeCluster } from "../../../permissions/use-may.ts";

/**
 * "Create instance" (the page's control, the empty list's invitation): the form, or why the user
 * may create on no cluster. The tour's "Create instance" step points at either.
 */
export function CreateInstanceAction({ className }: { className: string }) {
  const refused = useMayOnSomeCluster("can_create_instances");
  return (
    <ActionLink
      className={className}
      to="/instances/new"
      tourStep="create-instance"
      reason={refused}
    >
      Create instance
    </ActionLink>
  );
}
