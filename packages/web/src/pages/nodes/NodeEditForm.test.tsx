import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ClusterNode } from "../../api/nodes.ts";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { createQueryClient } from "../../context/query-client.ts";
import { givePermissions } from "../../test-support/permissions.ts";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import { NodeEditForm } from "./NodeEditForm.tsx";
import { makeOperation } from "../../test-support/cluster-operation.ts";

const node = {
  name: "lxd0",
  clusterId: "default",
  cpu_allocation_rate: 4,
  memory_allocation_rate: 2,
  gpu_slots: 2,
  vpu_slots: 0,
  tags: [],
  unschedulable: false,
} as unknown as ClusterNode;

const operation = makeOperation({
  description: "Updating node",
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-01T00:00:00Z",
});

interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

function renderForm(
  answer: { status: number; body: unknown } = { status: 202, body: { metadata: operation } },
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? "GET",
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      });
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
  render(
    <QueryClientProvider client={givePermissions(createQueryClient())}>
      <NotificationsProvider>
        <NodeEditForm node={node} />
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return sent;
}

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NodeEditForm", () => {
  it("sends only what changed, once something did", async () => {
    const sent = renderForm();
    const save = screen.getByRole("button", { name: "Save changes" });
    expect(save).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("checkbox", { name: "Unschedulable" }));
    const rate = screen.getByRole("textbox", { name: "CPU allocation rate" });
    await userEvent.clear(rate);
    await userEvent.type(rate, "2.5");
    await userEvent.click(save);
    await waitFor(() => {
      expect(sent).toEqual([
        {
          method: "PATCH",
          path: "/api/nodes/lxd0",
          search: "?clusterId=default",
          body: { cpu_allocation_rate: 2.5, unschedulable: true },
        },
      ]);
    });
  });

  it("shows the contract's message on a wrong field and sends nothing", async () => {
    const sent = renderForm();
    const slots = screen.getByRole("textbox", { name: "GPU slots" });
    await userEvent.clear(slots);
    await userEvent.type(slots, "-3");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("It must be at least 0")).toBeInTheDocument();
    expect(slots).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("shows the cluster's refusal", async () => {
    renderForm({
      status: 400,
      body: { status: 400, error: "Bad Request", message: "node change: gpu_slots is too many" },
    });
    await userEvent.click(screen.getByRole("checkbox", { name: "Unschedulable" }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const notice = (await screen.findByText("The node was not changed")).closest("[role=alert]");
    expect(notice).toHaveTextContent("gpu_slots is too many");
  });
});
