import type { ClusterNode } from "../../api/nodes.ts";
import { Fact } from "../../components/detail/Fact.tsx";

/**
 * A node's settings as they are, for who may not change them: the same values the edit form
 * holds, as facts, with why they cannot be changed (no fields that look editable and are not).
 */
export function NodeSettings({ node, refused }: { node: ClusterNode; refused: string }) {
  return (
    <>
      <dl className="facts facts--narrow">
        <Fact label="CPU allocation rate">{node.cpu_allocation_rate}</Fact>
        <Fact label="Memory allocation rate">{node.memory_allocation_rate}</Fact>
        <Fact label="GPU slots">{node.gpu_slots}</Fact>
        <Fact label="VPU slots">{node.vpu_slots ?? 0}</Fact>
        <Fact label="Tags">{node.tags.length > 0 ? node.tags.join(", ") : "None"}</Fact>
        <Fact label="Unschedulable">
          {node.unschedulable ? "Yes: takes no new instances" : "No"}
        </Fact>
      </dl>
      <p className="p-form-help-text">{refused}</p>
    </>
  );
}
