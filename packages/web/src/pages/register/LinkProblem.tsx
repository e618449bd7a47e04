import type { ReactNode } from "react";
import { Link } from "react-router";
import type { RegistrationState } from "@anbox-dashboard/contract";
import { CautionNotice } from "../../components/CautionNotice.tsx";

const explanations: Record<Exclude<RegistrationState, "valid">, ReactNode> = {
  used: "This registration link has already been used.",
  expired: (
    <>
      This registration link has expired. Ask for a new one with <code>bin/dashboard register</code>
      .
    </>
  ),
  unknown: "This registration link is not valid.",
};

/** A registration link that cannot be used any more (or never could): why, and the way out. */
export function LinkProblem({ state }: { state: Exclude<RegistrationState, "valid"> }) {
  return (
    <>
      <CautionNotice>{explanations[state]}</CautionNotice>
      <p>
        <Link to="/login">Go to the login page</Link>
      </p>
    </>
  );
}
