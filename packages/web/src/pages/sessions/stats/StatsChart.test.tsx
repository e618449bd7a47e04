import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render } from "@testing-library/react";
import type { ChartColumns } from "./stats-view.ts";

/** What the chart asks of uPlot, recorded. */
const plots = vi.hoisted(() => {
  class FakePlot {
    static made: FakePlot[] = [];
    readonly data: unknown[] = [];
    destroyed = false;
    width: number;
    constructor(options: { width: number }, data: unknown) {
      this.width = options.width;
      this.data.push(data);
      FakePlot.made.push(this);
    }
    setData(data: unknown) {
      this.data.push(data);
    }
    setSize() {
      // The container is not resized in jsdom.
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return FakePlot;
});

vi.mock("uplot", () => ({ default: plots }));

const { StatsChart } = await import("./StatsChart.tsx");

afterEach(() => {
  plots.made.length = 0;
  vi.unstubAllGlobals();
});

const first: ChartColumns = [[1], [4]];
const second: ChartColumns = [
  [1, 2],
  [4, 5],
];

/** Lets the dynamic import of uPlot settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("StatsChart", () => {
  it("makes its uPlot once and updates it in place with each new data", async () => {
    // jsdom draws no canvas: pretend it can, uPlot being faked.
    vi.stubGlobal("CanvasRenderingContext2D", vi.fn());
    const { rerender, unmount } = render(<StatsChart title="RTT" unit="ms" data={first} />);
    await settle();
    expect(plots.made).toHaveLength(1);

    rerender(<StatsChart title="RTT" unit="ms" data={second} />);
    await settle();

    expect(plots.made).toHaveLength(1);
    expect(plots.made[0]?.data).toEqual([first, second]);
    unmount();
    expect(plots.made[0]?.destroyed).toBe(true);
  });

  it("draws nothing where no canvas can be drawn, and shows its title", async () => {
    const { getByText } = render(<StatsChart title="RTT" unit="ms" data={first} />);
    await settle();

    expect(plots.made).toHaveLength(0);
    expect(getByText("RTT (ms)")).toBeInTheDocument();
  });
});
