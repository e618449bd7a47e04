import type { ReactNode } from "react";
import type { Entitlement, ResourceName } from "@anbox-dashboard/contract";
import { CautionNotice } from "../components/CautionNotice.tsx";
import { useMay } from "./use-may.ts";

interface Props {
  action: Entitlement;
  resource: ResourceName;
  /** What the user may not do, as the notice says it: "read this instance's logs". */
  what: string;
  children: ReactNode;
}

/**
 * Shows its children when the user may do `action` on `resource`; otherwise says what they may
 * not do, what it needs and which groups grant it, instead of a part that would only fail.
 */
export function RequirePermission({ action, resource, what, children }: Props) {
  const refused = useMay().may(action, resource);
  if (refused === undefined) return children;
  return (
    <CautionNotice>
      You may not {what}. {refused}
    </CautionNotice>
  );
}
