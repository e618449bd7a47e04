import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import { formatDate } from "../../../util/dates.ts";
import { makeInstance, renderInstancesPage } from "./render-instances-page.test-support.tsx";

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole("link", { name }).closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe("InstancesPage", () => {
  it("shows a row per instance of the server's answer, newest first by default", async () => {
    const { lastListCall } = renderInstancesPage({
      instances: [
        makeInstance({
          id: "i1",
          name: "web-1",
          clusterId: "east",
          status: "running",
          tags: ["session=s-42", "team=blue"],
          resources: {
            cpus: 2,
            memory: 3_000_000_000,
            "disk-size": 0,
            "gpu-slots": 1,
            "vpu-slots": 0,
          },
        }),
        makeInstance({
          id: "i2",
          name: "base-2",
          status: "stopped",
          type: "vm",
          node: "lxd1",
          app_id: "",
          app_name: "",
          image_name: "jammy",
        }),
      ],
      total: 2,
    });
    const table = await screen.findByRole("table", { name: "Instances" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);

    expect(screen.getByRole("link", { name: "web-1" })).toHaveAttribute(
      "href",
      "/instances/east/i1",
    );
    const web = rowOf("web-1");
    expect(within(web).getByText("running")).toHaveClass("p-status-label--positive");
    expect(within(web).getByText("game")).toBeInTheDocument();
    expect(within(web).getByText("2 CPU · 3.0 GB · 1 GPU")).toBeInTheDocument();
    expect(within(web).getByText("team=blue")).toBeInTheDocument();
    expect(within(web).getByText(formatDate(1_700_000_000 * 1000))).toBeInTheDocument();
    expect(within(web).getByText("Streamable")).toBeInTheDocument();
    expect(within(web).getByRole("link", { name: "Stream web-1" })).toHaveAttribute(
      "href",
      "/sessions/s-42",
    );

    const base = rowOf("base-2");
    expect(within(base).getByText("jammy")).toBeInTheDocument();
    expect(within(base).getByText("vm")).toBeInTheDocument();
    expect(within(base).getByText("lxd1")).toBeInTheDocument();
    expect(within(base).queryByText("Streamable")).not.toBeInTheDocument();
    expect(screen.getByText("Showing 1–2 of 2")).toBeInTheDocument();

    expect(lastListCall()?.get("orderBy")).toBe("created_at");
    expect(lastListCall()?.get("order")).toBe("desc");
    expect(lastListCall()?.get("page")).toBe("1");
    expect(lastListCall()?.get("size")).toBe("30");
  });

  it("shows a stopped streamable instance's Stream link disabled, with the reason", async () => {
    renderInstancesPage({
      instances: [
        makeInstance({ id: "i1", name: "web-1", status: "stopped", tags: ["session=s-42"] }),
      ],
    });
    await screen.findByRole("table", { name: "Instances" });
    const stream = within(rowOf("web-1")).getByRole("link", { name: "Stream web-1" });
    expect(stream).toHaveAttribute("aria-disabled", "true");
    expect(stream).not.toHaveAttribute("href");
    expect(stream).toHaveAccessibleDescription(
      "It streams while it runs: this instance is stopped.",
    );
  });

  it("lets a long generated name wrap only between its parts", async () => {
    renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "game_server.eu-west_0042" })],
    });
    const link = await screen.findByRole("link", { name: "game_server.eu-west_0042" });
    // A break opportunity after each separator; none inside a part.
    expect(link.innerHTML).toBe("game_<wbr>server.<wbr>eu-<wbr>west_<wbr>0042");
  });

  it("sorts on the server when a column header is clicked, keeping the sort in the URL", async () => {
    const { lastListCall, url } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1" })],
    });
    await screen.findByRole("table", { name: "Instances" });
    expect(screen.getByRole("columnheader", { name: /Created/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await userEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(url().get("orderBy")).toBe("name");
    expect(url().get("order")).toBe("asc");
    await waitFor(() => {
      expect(lastListCall()?.get("orderBy")).toBe("name");
    });
    expect(lastListCall()?.get("order")).toBe("asc");
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    expect(screen.getByRole("columnheader", { name: /Created/ })).toHaveAttribute(
      "aria-sort",
      "none",
    );

    await userEvent.click(screen.getByRole("button", { name: /Name/ }));
    expect(url().get("order")).toBe("desc");
    await waitFor(() => {
      expect(lastListCall()?.get("order")).toBe("desc");
    });
  });

  it("sends the status filter and the search to the server, through the URL", async () => {
    const { listCalls, lastListCall, url } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1" })],
    });
    await screen.findByRole("table", { name: "Instances" });

    await userEvent.click(screen.getByText("Any status"));
    await userEvent.click(screen.getByRole("checkbox", { name: "running" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "error" }));
    expect(url().getAll("filter.status")).toEqual(["error", "running"]);
    await waitFor(() => {
      expect(lastListCall()?.get("status")).toBe("error,running");
    });

    const search = screen.getByRole("searchbox", { name: "Search" });
    await userEvent.type(search, "web");
    // Shown as typed, and sent as typed: the table follows each keystroke.
    expect(search).toHaveValue("web");
    await waitFor(() => {
      expect(lastListCall()?.get("search")).toBe("web");
    });
    expect(url().get("filter.search")).toBe("web");
    expect(lastListCall()?.get("status")).toBe("error,running");
    const searches = listCalls.map((call) => call.get("search")).filter(Boolean);
    expect(searches.every((sent) => "web".startsWith(sent ?? "?"))).toBe(true);
  });

  it("writes a search to the URL once its page is in, cancelling an older one still loading", async () => {
    const { abortedListCalls, url } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1" })],
      listDelayMs: (params) => ({ w: 5_000, we: 150 })[params.get("search") ?? ""] ?? 0,
    });
    await screen.findByRole("table", { name: "Instances" });

    const search = screen.getByRole("searchbox", { name: "Search" });
    await userEvent.type(search, "we");
    // The old rows stay, under the old URL, until the answer for "we" is in.
    expect(search).toHaveValue("we");
    expect(url().has("filter.search")).toBe(false);
    await waitFor(() => {
      expect(url().get("filter.search")).toBe("we");
    });
    expect(abortedListCalls.map((params) => params.get("search"))).toEqual(["w"]);
    expect(search).toHaveValue("we");
  });

  it("applies the exact-match filters on Enter", async () => {
    const { lastListCall } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1" })],
    });
    await screen.findByRole("table", { name: "Instances" });
    await userEvent.type(screen.getByRole("textbox", { name: "Node" }), "lxd3{Enter}");
    await userEvent.type(screen.getByRole("textbox", { name: "Tags" }), "a, b{Enter}");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type" }), "vm");
    await waitFor(() => {
      expect(lastListCall()?.get("type")).toBe("vm");
    });
    expect(lastListCall()?.get("node")).toBe("lxd3");
    expect(lastListCall()?.get("tags")).toBe("a,b");
  });

  it("changes the page size and the page through the URL", async () => {
    const { lastListCall, url } = renderInstancesPage({
      instances: [makeInstance({ id: "i1", name: "web-1" })],
      total: 250,
    });
    await screen.findByRole("table", { name: "Instances" });
    expect(screen.getByText("Page 1 of 9")).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Per page" }), "50");
    expect(url().get("size")).toBe("50");
    await waitFor(() => {
      expect(lastListCall()?.get("size")).toBe("50");
    });
    expect(screen.getByText("Page 1 of 5")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(url().get("page")).toBe("2");
    await waitFor(() => {
      expect(lastListCall()?.get("page")).toBe("2");
    });
    expect(screen.getByText("Showing 51–100 of 250")).toBeInTheDocument();
  });

  it("invites to create the first instance when there is none", async () => {
    renderInstancesPage({ instances: [] });
    const empty = await screen.findByRole("region", { name: "No instances yet" });
    expect(within(empty).getByRole("link", { name: "Create instance" })).toHaveAttribute(
      "href",
      "/instances/new",
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("search")).not.toBeInTheDocument();
  });

  it("says when the filters hide everything, and clears them", async () => {
    const { lastListCall, url } = renderInstancesPage({
      instances: [],
      path: "/instances?filter.status=error&filter.search=web",
    });
    const empty = await screen.findByRole("region", { name: "No instance matches" });
    expect(screen.queryByRole("region", { name: "No instances yet" })).not.toBeInTheDocument();
    // The page header's button is there whatever the list holds.
    expect(screen.getByRole("link", { name: "Create instance" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("web");

    await userEvent.click(within(empty).getByRole("button", { name: "Clear filters" }));
    expect(url().toString()).toBe("");
    await waitFor(() => {
      expect(lastListCall()?.has("status")).toBe(false);
    });
    expect(lastListCall()?.has("search")).toBe(false);
    // Unfiltered, the (fake) server still has none: the list is empty, not unmatched.
    expect(await screen.findByRole("region", { name: "No instances yet" })).toBeInTheDocument();
  });

  it("shows a failure of the list call in the page", async () => {
    renderInstancesPage({
      listError: { status: 400, message: "orderBy must be one of name, status" },
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cannot load the instances");
    expect(alert).toHaveTextContent("orderBy must be one of name, status");
  });
});
