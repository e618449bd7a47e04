import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { MutationObserver, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import { mutationToasts } from "../mutation-meta.ts";
import { createQueryClient } from "../query-client.ts";
import { NotificationsProvider } from "./NotificationsProvider.tsx";

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

const toasts = mutationToasts<string, string>({
  success: (_data, name) => ({ kind: "success", title: `Started ${name}` }),
  failure: (name) => `Could not start ${name}`,
});

/** A mutation run outside React, as one whose component has gone would still end. */
async function runMutation(client: QueryClient, name: string, outcome: Promise<string>) {
  const observer = new MutationObserver<string, Error, string>(client, {
    mutationFn: () => outcome,
    meta: { toasts },
  });
  await act(async () => {
    await observer.mutate(name).catch(() => undefined);
  });
}

function renderProvider(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <NotificationsProvider>
        <p>page</p>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
}

describe("NotificationsProvider", () => {
  it("shows the toasts the QueryClient's mutations declare", async () => {
    const client = createQueryClient();
    renderProvider(client);
    await runMutation(client, "web-1", Promise.resolve("ok"));
    expect(await screen.findByText("Started web-1")).toBeInTheDocument();
    await runMutation(client, "web-2", Promise.reject(new Error("No node has room")));
    expect(await screen.findByText("Could not start web-2")).toBeInTheDocument();
    expect(screen.getByText("No node has room")).toBeInTheDocument();
  });

  it("drops the toasts sent while unmounted, and a provider mounted again takes them over", async () => {
    const client = createQueryClient();
    renderProvider(client).unmount();
    await runMutation(client, "web-3", Promise.resolve("ok"));
    renderProvider(client);
    await runMutation(client, "web-4", Promise.resolve("ok"));
    expect(await screen.findByText("Started web-4")).toBeInTheDocument();
    expect(screen.queryByText("Started web-3")).not.toBeInTheDocument();
  });
});
