import { StatusLabel } from "../../../components/StatusLabel.tsx";

const positive = ["ready", "active"] as const;

/** An application's (or version's) status: ready or active positive. */
export function ApplicationStatusLabel({ status }: { status: string }) {
  return <StatusLabel status={status} positive={positive} />;
}
