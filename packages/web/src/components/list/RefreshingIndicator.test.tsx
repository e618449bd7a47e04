import { describe, expect, it } from "vitest";
import { act, render, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../context/query-client.ts";
import { RefreshingIndicator } from "./RefreshingIndicator.tsx";

describe("RefreshingIndicator", () => {
  it("turns its spinner only while a page of the list loads, not while it waits hidden", async () => {
    const queryClient = createQueryClient();
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <RefreshingIndicator queryKey={["things"]} />
      </QueryClientProvider>,
    );
    const indicator = container.querySelector(".list-refreshing");
    const spinner = container.querySelector(".p-icon--spinner");
    expect(indicator).toHaveClass("is-idle");
    expect(indicator).toHaveAttribute("aria-hidden", "true");
    // An animation runs (and makes the browser render frames) even where it cannot be seen.
    expect(spinner).not.toHaveClass("u-animation--spin");

    let answer: (rows: string[]) => void = () => undefined;
    const loading = new Promise<string[]>((resolve) => {
      answer = resolve;
    });
    act(() => {
      void queryClient.query({ queryKey: ["things", 1], queryFn: () => loading });
    });
    await waitFor(() => {
      expect(indicator).not.toHaveClass("is-idle");
    });
    expect(spinner).toHaveClass("u-animation--spin");

    answer(["a"]);
    await waitFor(() => {
      expect(indicator).toHaveClass("is-idle");
    });
    expect(spinner).not.toHaveClass("u-animation--spin");
  });
});
