import type { ReactNode } from "react";
import { Notice } from "./Notice.tsx";

/** An inline caution of a page: why something is not offered here, or what is missing. */
export function CautionNotice({ children }: { children: ReactNode }) {
  return <Notice kind="caution" message={children} />;
}
