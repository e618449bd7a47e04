import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyWithRetry } from "./lazy-with-retry.ts";

function Loaded() {
  return <p>The page</p>;
}

describe("lazyWithRetry's preload", () => {
  it("renders a preloaded page at once: no fallback is ever shown", async () => {
    const Page = lazyWithRetry(() => Promise.resolve({ default: Loaded }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("The page")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).toBeNull();
  });

  it("shows the fallback for a page not loaded yet, then the page", async () => {
    const Page = lazyWithRetry(() => Promise.resolve({ default: Loaded }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("The page")).toBeInTheDocument();
  });

  it("loads the code once, however often it is preloaded and rendered", async () => {
    let loads = 0;
    const Page = lazyWithRetry(() => {
      loads++;
      return Promise.resolve({ default: Loaded });
    });
    await Promise.all([Page.preload(), Page.preload()]);
    await act(async () => {
      render(<Page />);
      await Page.preload();
    });
    expect(screen.getByText("The page")).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
