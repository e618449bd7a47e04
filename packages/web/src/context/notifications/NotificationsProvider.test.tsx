import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { MutationObserver, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { formatDate } from "../../util/dates.ts";
import { mutationToasts, untilEnded } from "../mutation-meta.ts";
import { createQueryClient } from "../query-client.ts";
import { queryKeys } from "../query-keys.ts";
import { makeOperation } from "../../test-support/cluster-operation.ts";
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

const started = makeOperation({ description: "Updating instance" });

const stopToasts = mutationToasts<ClusterOperation, string>({
  success: (operation, name) => ({
    kind: "info",
    title: `Stopping ${name}`,
    operation: untilEnded(operation, `Stopped ${name}`),
  }),
});

/** Starts the stop of `name`, its operation `started` as the cluster answered it. */
async function stop(client: QueryClient, name: string) {
  const observer = new MutationObserver<ClusterOperation, Error, string>(client, {
    mutationFn: () => Promise.resolve(started),
    meta: { toasts: stopToasts },
  });
  await act(async () => {
    await observer.mutate(name);
  });
}

/** What the events write into the status bar's operations list (record-operation.ts). */
function operationsListSays(client: QueryClient, operations: ClusterOperation[]) {
  act(() => {
    client.setQueryData(queryKeys.operationsList({}), operations);
  });
}

describe("NotificationsProvider: a toast about a started action", () => {
  it("becomes its success once the operation succeeds, dated as the rest of the app", async () => {
    const client = createQueryClient();
    renderProvider(client);
    operationsListSays(client, [started]);
    await stop(client, "web-1");
    expect(await screen.findByText("Stopping web-1")).toBeInTheDocument();

    operationsListSays(client, [{ ...started, status: "Success", status_code: 200 }]);
    expect(await screen.findByText("Stopped web-1")).toBeInTheDocument();
    expect(screen.queryByText("Stopping web-1")).not.toBeInTheDocument();
    const time = screen.getByText(formatDate(Date.now()));
    expect(time.tagName).toBe("TIME");
  });

  it("goes once the operation fails (its failure handler says why), and stays while it runs", async () => {
    const client = createQueryClient();
    renderProvider(client);
    await stop(client, "web-2");
    operationsListSays(client, [started, { ...started, id: "other", status: "Failure" }]);
    expect(screen.getByText("Stopping web-2")).toBeInTheDocument();

    operationsListSays(client, [{ ...started, status: "Failure", status_code: 400, err: "no" }]);
    await waitFor(() => {
      expect(screen.queryByText("Stopping web-2")).not.toBeInTheDocument();
    });
    expect(screen.queryByText("Stopped web-2")).not.toBeInTheDocument();
  });

  it("is resolved at once when the operation had ended before the call answered", async () => {
    const client = createQueryClient();
    renderProvider(client);
    operationsListSays(client, [{ ...started, status: "Success", status_code: 200 }]);
    await stop(client, "web-3");
    expect(await screen.findByText("Stopped web-3")).toBeInTheDocument();
    expect(screen.queryByText("Stopping web-3")).not.toBeInTheDocument();
  });
});
