import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazy-part.ts";

function Dialog({ title }: { title: string }) {
  return <p>{title}</p>;
}

describe("lazyPart", () => {
  it("keeps the page around it on screen while its code loads, then shows it with its props", async () => {
    const { promise: loaded, resolve: release } = Promise.withResolvers<undefined>();
    const Part = lazyPart(async () => {
      await loaded;
      return Dialog;
    });
    render(
      <Suspense fallback={<p>Whole page loading</p>}>
        <p>The list</p>
        <Part title="Delete instance" />
      </Suspense>,
    );
    expect(screen.getByText("The list")).toBeInTheDocument();
    expect(screen.queryByText("Whole page loading")).toBeNull();
    expect(screen.queryByText("Delete instance")).toBeNull();
    release(undefined);
    expect(await screen.findByText("Delete instance")).toBeInTheDocument();
  });

  it("shows a preloaded part at once", async () => {
    const Part = lazyPart(() => Promise.resolve(Dialog));
    await Part.preload();
    render(<Part title="Important update" />);
    expect(screen.getByText("Important update")).toBeInTheDocument();
  });
});
