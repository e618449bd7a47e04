import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { UnreachableClustersNotice } from "./UnreachableClustersNotice.tsx";

describe("UnreachableClustersNotice", () => {
  it("names the cluster that did not answer, what is missing, and why", () => {
    render(
      <UnreachableClustersNotice
        noun="instances"
        clusters={[{ clusterId: "lab", message: 'Cluster "lab" failed: it refuses connections' }]}
      />,
    );
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Cluster lab does not answer");
    expect(notice).toHaveTextContent("Its instances are not shown");
    expect(notice).toHaveTextContent('Cluster "lab" failed: it refuses connections');
  });

  it("speaks of several clusters together", () => {
    render(
      <UnreachableClustersNotice
        noun="nodes"
        clusters={[
          { clusterId: "lab", message: "down" },
          { clusterId: "far", message: "timed out" },
        ]}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "Clusters lab, far do not answerTheir nodes are not shown",
    );
  });

  it("shows nothing when every cluster answered", () => {
    const { container } = render(<UnreachableClustersNotice noun="nodes" clusters={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
