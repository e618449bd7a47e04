import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import type { AmsCapacity } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";
import { createQueryClient } from "../../../context/query-client.ts";
import { NotificationsProvider } from "../../../context/notifications/NotificationsProvider.tsx";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import InstanceCreatePage from "../InstanceCreatePage.tsx";
import { makeSessionInfo } from "../../../test-support/session-info.ts";

const sessionInfo = makeSessionInfo();

const images = [
  { id: "img", name: "android14", clusterId: "default", type: "container", default: true },
] as ClusterImage[];

const mostFree = { cpus: 6, memory: 5e9, disk_size: 100e9, gpu_slots: 0, vpu_slots: 0 };

/** The cluster's answer to a size: what the capacity call is stubbed with. */
type Capacity = (size: URLSearchParams) => { status: number; body: unknown };

const known = (answer: AmsCapacity) => ({
  status: 200,
  body: { metadata: { ...answer, known: true, clusterId: "default" } },
});

/** Up to 6 CPU cores fit on lxd0, as a cluster would say. */
const upToSixCores: Capacity = (size) =>
  Number(size.get("cpus")) <= 6
    ? known({ fits: true, node: "lxd0", reason: "", schedulable_nodes: 1, most_free: mostFree })
    : known({
        fits: false,
        node: "",
        reason: `No node with enough resources: needs ${size.get("cpus") ?? ""} CPUs, 3 GB memory, 3.2 GB disk`,
        schedulable_nodes: 1,
        most_free: mostFree,
      });

function renderPage(capacity: Capacity) {
  const sizes: URLSearchParams[] = [];
  const creates: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      const reply = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      const path = url.pathname;
      if (path === "/api/info") return reply(sessionInfo);
      if (path === "/api/clusters") return reply([{ id: "default" }]);
      if (path === "/api/applications") return reply({ metadata: [], total_size: 0 });
      if (path === "/api/images") {
        return reply({
          metadata: images.filter((image) => image.type === url.searchParams.get("type")),
        });
      }
      if (path === "/api/instance-capacity") {
        sizes.push(url.searchParams);
        const answer = capacity(url.searchParams);
        return reply(answer.body, answer.status);
      }
      if (init?.method === "POST") creates.push(init.body);
      return reply({ status: 404, error: "Not Found", message: `No ${path}` }, 404);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/instances/new"]}>
        <NotificationsProvider>
          <Routes>
            <Route path="/instances/new" element={<InstanceCreatePage />} />
          </Routes>
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sizes, creates };
}

const room = () => screen.getByRole("region", { name: "Room on the nodes" });
const createButtons = () => [
  screen.getByRole("button", { name: "Create" }),
  screen.getByRole("button", { name: "Create and start" }),
];

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the room for the instance in the create form", () => {
  it("asks the cluster about the size the request will carry, and says a node takes it", async () => {
    const { sizes } = renderPage(upToSixCores);
    expect(
      await within(await screen.findByRole("region", { name: "Room on the nodes" })).findByText(
        "A node can take this instance",
      ),
    ).toBeInTheDocument();
    expect(room()).toHaveTextContent(
      "The most free on any schedulable node: 6 CPU cores, 5.0 GB memory, 0 GPU slots.",
    );
    // a2.3: 2 cores, 3 GB, the default container disk (3 GiB), no GPU or VPU.
    expect(Object.fromEntries(sizes.at(-1) ?? [])).toEqual({
      clusterId: "default",
      cpus: "2",
      memory: "3000000000",
      disk_size: String(3 * 1024 ** 3),
      gpu_slots: "0",
      vpu_slots: "0",
    });
    for (const button of createButtons()) expect(button).toHaveAttribute("aria-disabled", "false");
  });

  it("disables Create with the cluster's reason and a link to the nodes when nothing fits", async () => {
    const { creates } = renderPage(upToSixCores);
    await within(await screen.findByRole("region", { name: "Room on the nodes" })).findByText(
      "A node can take this instance",
    );
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "a8.3");

    expect(
      await within(room()).findByRole("heading", { name: "No node can take this instance" }),
    ).toBeInTheDocument();
    expect(room()).toHaveTextContent(
      "No node with enough resources: needs 8 CPUs, 3 GB memory, 3.2 GB disk.",
    );
    expect(within(room()).getByRole("link", { name: "See the nodes" })).toHaveAttribute(
      "href",
      "/nodes",
    );
    for (const button of createButtons()) expect(button).toHaveAttribute("aria-disabled", "true");
    expect(
      screen.getByText(/Creating is unavailable: no node can take an instance of this size now/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));
    expect(creates).toEqual([]);

    // A size that fits again: Create comes back.
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "a6.3");
    await waitFor(() => {
      for (const button of createButtons())
        expect(button).toHaveAttribute("aria-disabled", "false");
    });
    expect(room()).toHaveTextContent("A node can take this instance (lxd0).");
  });

  it("says no node is schedulable when none is", async () => {
    renderPage(() =>
      known({
        fits: false,
        node: "",
        reason:
          "No node is available: every node is offline, unschedulable or lacks the required tags",
        schedulable_nodes: 0,
        most_free: null,
      }),
    );
    expect(
      await screen.findByText(/every node is offline, unschedulable or lacks the required tags/),
    ).toBeInTheDocument();
    expect(room()).toHaveTextContent("No node can take new instances now.");
    for (const button of createButtons()) expect(button).toHaveAttribute("aria-disabled", "true");
  });

  it("keeps Create when the cluster cannot tell (a real AMS)", async () => {
    renderPage(() => ({ status: 200, body: { metadata: { known: false, clusterId: "default" } } }));
    expect(await screen.findByText("Capacity unknown.")).toBeInTheDocument();
    expect(room()).toHaveTextContent("This cluster does not tell how much room its nodes have.");
    for (const button of createButtons()) expect(button).toHaveAttribute("aria-disabled", "false");
  });

  it("keeps Create when the check fails, saying why", async () => {
    renderPage(() => ({
      status: 503,
      body: { status: 503, error: "Service Unavailable", message: 'Cluster "default" is down.' },
    }));
    expect(await screen.findByText("Capacity unknown.")).toBeInTheDocument();
    expect(room()).toHaveTextContent('The check failed: Cluster "default" is down.');
    for (const button of createButtons()) expect(button).toHaveAttribute("aria-disabled", "false");
  });
});
