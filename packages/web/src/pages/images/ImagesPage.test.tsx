import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import type { ClusterImage } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import ImagesPage from "./ImagesPage.tsx";

function image(overrides: Partial<ClusterImage>): ClusterImage {
  return {
    id: "img",
    name: "jammy:android13:amd64",
    type: "container",
    variant: "android",
    architecture: "x86_64",
    capabilities: ["gpu"],
    default: false,
    immutable: true,
    used_by: [],
    status: "active",
    status_code: 3,
    versions: [
      {
        version: 0,
        fingerprint: "f0",
        size: 760_000_000,
        created_at: 1_700_000_000,
        remote_id: "1.30.0",
        status: "active",
        status_code: 3,
        error_message: "",
      },
      {
        version: 1,
        fingerprint: "f1",
        size: 780_000_000,
        created_at: 1_702_000_000,
        remote_id: "1.30.0",
        status: "active",
        status_code: 3,
        error_message: "",
      },
    ],
    clusterId: "default",
    ...overrides,
  };
}

const images = [
  image({ id: "img-13" }),
  image({ id: "img-15", name: "jammy:android15:amd64", default: true }),
  image({ id: "img-app", name: "jammy:aaos14:amd64", used_by: ["app-1"] }),
  image({ id: "img-new", name: "jammy:aaos15:amd64", status: "available", status_code: 5 }),
];

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderPage({ path = "", refuseDelete = "", clusters = ["default"], rows = images } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (method === "GET" && url.pathname === "/api/clusters") {
        return json(clusters.map((id) => ({ id })));
      }
      if (method === "GET" && url.pathname === "/api/images") {
        return json({ metadata: rows, total_size: rows.length });
      }
      if (method === "DELETE" && refuseDelete !== "") {
        return json({ status: 400, error: "Bad Request", message: refuseDelete }, 400);
      }
      const operation = { id: "op-1", clusterId: "default", status: "Running" };
      return json({ metadata: operation }, 202);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/images${path}`]}>
        <NotificationsProvider>
          <ImagesPage />
          <LocationProbe />
        </NotificationsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === "GET" && call.url.pathname === "/api/images");

async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "Images" });
  const link = within(table).getByRole("link", { name });
  const row = link.closest<HTMLElement>("[role=row]");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ImagesPage", () => {
  it("lists each image with its facts, the default marked, linking to its page", async () => {
    renderPage();
    const row = await rowOf("jammy:android15:amd64");
    expect(within(row).getByText("Default Container")).toBeInTheDocument();
    expect(within(row).getByText("780.0 MB")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "jammy:android15:amd64" })).toHaveAttribute(
      "href",
      "/images/default/img-15",
    );
    expect(within(await rowOf("jammy:android13:amd64")).queryByText(/^Default/)).toBeNull();
    // A narrow column wraps the name after a colon, not mid-word.
    expect(
      screen.getByRole("link", { name: "jammy:android15:amd64" }).querySelectorAll("wbr"),
    ).toHaveLength(2);
  });

  it("names each image's cluster when there are several: each cluster has its own of a name", async () => {
    renderPage({
      clusters: ["default", "lab"],
      rows: [
        image({ id: "img-15", name: "jammy:android15:amd64" }),
        image({ id: "img-15", name: "jammy:android15:amd64", clusterId: "lab" }),
      ],
    });
    const table = await screen.findByRole("table", { name: "Images" });
    expect(await within(table).findByText("on lab")).toBeInTheDocument();
    expect(within(table).getByText("on default")).toBeInTheDocument();
  });

  it("says no cluster while there is one", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Images" });
    await within(table).findByRole("link", { name: "jammy:android15:amd64" });
    expect(within(table).queryByText(/^on /)).toBeNull();
  });

  it("asks the server for the page the URL names: search, type, status and sort", async () => {
    const calls = renderPage({
      path: "?filter.search=aaos&filter.type=vm&filter.status=active&orderBy=size&order=desc",
    });
    await rowOf("jammy:android13:amd64");
    const params = listCalls(calls).at(-1)?.url.searchParams;
    expect(params?.get("search")).toBe("aaos");
    expect(params?.get("type")).toBe("vm");
    expect(params?.get("status")).toBe("active");
    expect(params?.get("orderBy")).toBe("size");
    expect(params?.get("order")).toBe("desc");
  });

  it("writes a new type filter to the URL and asks for it", async () => {
    const calls = renderPage();
    await rowOf("jammy:android13:amd64");
    await userEvent.selectOptions(screen.getByLabelText("Type"), "vm");
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.url.searchParams.get("type")).toBe("vm");
    });
    expect(screen.getByTestId("location").textContent).toContain("filter.type=vm");
  });

  it("disables what does not apply, with the reason", async () => {
    renderPage();
    const defaultRow = await rowOf("jammy:android15:amd64");
    const makeDefault = within(defaultRow).getByRole("button", {
      name: "Make default jammy:android15:amd64",
    });
    expect(makeDefault).toHaveAttribute("aria-disabled", "true");
    expect(makeDefault).toHaveAttribute("title", "Already the default container image.");
    expect(within(defaultRow).getByRole("button", { name: /^Delete/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(within(defaultRow).getByRole("button", { name: /^Sync/ })).toHaveAttribute(
      "title",
      "Only available images can be synced; this one is active.",
    );

    const usedRow = await rowOf("jammy:aaos14:amd64");
    expect(within(usedRow).getByRole("button", { name: /^Delete/ })).toHaveAttribute(
      "title",
      "Used by 1 application: the cluster keeps it.",
    );

    const availableRow = await rowOf("jammy:aaos15:amd64");
    expect(within(availableRow).getByRole("button", { name: /^Sync/ })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(
      within(availableRow).getByRole("button", { name: /^Create instance from/ }),
    ).toHaveAttribute("aria-disabled", "true");

    await waitFor(() => {
      expect(screen.getByRole("button", { name: "Add image" })).not.toHaveAttribute(
        "aria-disabled",
        "true",
      );
    });
  });

  it("opens the instance form with the image chosen", async () => {
    renderPage();
    const row = await rowOf("jammy:android13:amd64");
    expect(
      within(row).getByRole("link", { name: "Create instance from jammy:android13:amd64" }),
    ).toHaveAttribute("href", "/instances/new?clusterId=default&type=container&image=img-13");
  });

  it("makes an image the default once confirmed", async () => {
    const calls = renderPage();
    const row = await rowOf("jammy:android13:amd64");
    await userEvent.click(
      within(row).getByRole("button", { name: "Make default jammy:android13:amd64" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Make jammy:android13:amd64 the default?",
    });
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Make default" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url.pathname).toBe("/api/images/img-13");
    expect(patch?.url.searchParams.get("clusterId")).toBe("default");
    expect(patch?.body).toEqual({ default: true });
  });

  it("shows the cluster's refusal of a delete in the dialog, which stays open", async () => {
    const refusal =
      "Image jammy:android13:amd64 (container) cannot be deleted: 1 instance is using it";
    const calls = renderPage({ refuseDelete: refusal });
    const row = await rowOf("jammy:android13:amd64");
    await userEvent.click(
      within(row).getByRole("button", { name: "Delete jammy:android13:amd64" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete jammy:android13:amd64?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refusal);
    expect(calls.find((call) => call.method === "DELETE")?.url.pathname).toBe("/api/images/img-13");
  });
});
