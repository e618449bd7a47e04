import { StatusLabel } from "../../../components/StatusLabel.tsx";

const positive = ["active"] as const;

/** An image's (or version's) status: active positive. */
export function ImageStatusLabel({ status }: { status: string }) {
  return <StatusLabel status={status} positive={positive} />;
}
