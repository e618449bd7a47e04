import type { UseQueryOptions } from "@tanstack/react-query";
import { useNameTaken } from "../../queries/name-check.ts";

/** Where the live check of a name stands (SPEC section 5: "Must not already exist"). */
export type NameCheck =
  /** Nothing to check: no name, or a name that breaks a rule anyway. */
  | { state: "none" }
  | { state: "checking" }
  | { state: "free" }
  | { state: "taken" }
  /** The check itself failed (not a 404): the cluster will still refuse a taken name. */
  | { state: "failed"; message: string };

/**
 * The live check of a name as it is typed: `query` is a `nameTakenQuery` (debounced, aborted when
 * the name changes, one per name), run only while the name is `checkable`.
 */
export function useNameCheck(query: UseQueryOptions<boolean>, checkable: boolean): NameCheck {
  const check = useNameTaken(query, checkable);
  if (!checkable) return { state: "none" };
  if (check.isPending) return { state: "checking" };
  if (check.isError) return { state: "failed", message: check.error.message };
  return { state: check.data ? "taken" : "free" };
}

/** What the name field says of a free name ("free" is only said of a name that breaks no rule). */
export function nameCheckSuccess(check: NameCheck): string | undefined {
  return check.state === "free" ? "The name is free" : undefined;
}

/** What to say while the name is being looked up, or when the look-up failed. */
export function nameCheckHelp(check: NameCheck, thing: string): string | undefined {
  if (check.state === "checking") return "Checking whether the name is free…";
  if (check.state === "failed") {
    return `Whether the name is free could not be checked (${check.message}). The cluster checks it again when the ${thing} is created.`;
  }
  return undefined;
}
