import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import {
  makeApplication,
  makeVersion,
  renderApplicationsAt,
  stubApplicationsServer,
  type Call,
} from "./fake-applications-server.test-support.tsx";

const applications = [
  makeApplication({
    id: "a1",
    name: "racer",
    tags: ["app_type_automotive"],
    versions: [makeVersion({ number: 0 }), makeVersion({ number: 1, published: false })],
  }),
  makeApplication({ id: "a2", name: "chess", status: "initializing", status_code: 1 }),
  makeApplication({
    id: "a3",
    name: "notes",
    versions: [makeVersion({ number: 0, published: false })],
  }),
  makeApplication({ id: "a4", name: "gone", status: "deleted", status_code: 3 }),
];

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === "GET" && call.url.pathname === "/api/applications");

async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "Applications" });
  const link = within(table).getByRole("link", { name });
  const row = link.closest<HTMLElement>("[role=row]");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ApplicationsPage", () => {
  it("lists each application with its status, type, versions and image, linking to its page", async () => {
    stubApplicationsServer({ applications });
    renderApplicationsAt("/applications");
    const racer = await rowOf("racer");
    expect(within(racer).getByText("ready")).toBeInTheDocument();
    expect(within(racer).getByText("Automotive")).toBeInTheDocument();
    expect(within(racer).getByText("jammy:android15:amd64")).toBeInTheDocument();
    expect(within(racer).getByText("2 CPU · 3GB memory · 3GB disk")).toBeInTheDocument();
    expect(within(await rowOf("chess")).getByText("Mobile")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "racer" })).toHaveAttribute(
      "href",
      "/applications/default/a1",
    );
  });

  it("asks the server for the page the URL names: search, type, status and sort", async () => {
    const calls = stubApplicationsServer({ applications });
    renderApplicationsAt(
      "/applications?filter.search=rac&filter.type=automotive&filter.status=ready&orderBy=latest_version&order=desc",
    );
    await rowOf("racer");
    const params = listCalls(calls).at(-1)?.url.searchParams;
    expect(params?.get("search")).toBe("rac");
    expect(params?.get("type")).toBe("automotive");
    expect(params?.get("status")).toBe("ready");
    expect(params?.get("orderBy")).toBe("latest_version");
    expect(params?.get("order")).toBe("desc");
  });

  it("writes a new type filter to the URL and asks for it", async () => {
    const calls = stubApplicationsServer({ applications });
    renderApplicationsAt("/applications");
    await rowOf("racer");
    await userEvent.selectOptions(screen.getByLabelText("Type"), "mobile");
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.url.searchParams.get("type")).toBe("mobile");
    });
    expect(screen.getByTestId("location").textContent).toContain("filter.type=mobile");
  });

  it("offers create instance only for a ready application with a published version, else says why", async () => {
    stubApplicationsServer({ applications });
    renderApplicationsAt("/applications");
    const racer = await rowOf("racer");
    expect(within(racer).getByRole("link", { name: "Create instance from racer" })).toHaveAttribute(
      "href",
      "/instances/new?clusterId=default&type=container&application=a1",
    );

    const chess = await rowOf("chess");
    const createChess = within(chess).getByRole("button", { name: "Create instance from chess" });
    expect(createChess).toHaveAttribute("aria-disabled", "true");
    expect(createChess).toHaveAttribute(
      "title",
      "Only a ready application can start an instance; this one is initializing.",
    );
    const createNotes = within(await rowOf("notes")).getByRole("button", {
      name: "Create instance from notes",
    });
    expect(createNotes).toHaveAttribute(
      "title",
      "No version of it is published: publish one on its Versions tab first.",
    );

    expect(within(racer).getByRole("link", { name: "Edit racer" })).toHaveAttribute(
      "href",
      `/applications/edit/${applications[0]?.clusterId ?? ""}/a1`,
    );
    const gone = await rowOf("gone");
    expect(within(gone).getByRole("button", { name: "Delete gone" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    const editGone = within(gone).getByRole("button", { name: "Edit gone" });
    expect(editGone).toHaveAttribute("aria-disabled", "true");
    expect(editGone).toHaveAttribute("title", "It is being deleted.");

    expect(screen.getByRole("link", { name: "Add application" })).toHaveAttribute(
      "href",
      "/applications/add",
    );
  });

  it("deletes one application once confirmed, and shows the cluster's refusal in the dialog", async () => {
    const refusal =
      "Application racer is used by 1 instance; delete it first or force the deletion";
    const calls = stubApplicationsServer({ applications, refuse: refusal });
    renderApplicationsAt("/applications");
    await userEvent.click(
      within(await rowOf("racer")).getByRole("button", { name: "Delete racer" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete racer?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refusal);
    const sent = calls.find((call) => call.method === "DELETE");
    expect(sent?.url.pathname).toBe("/api/applications/a1");
    expect(sent?.url.searchParams.get("clusterId")).toBe("default");
  });

  it("bulk deletes the selection: says what goes and what is left out and why, then the per-item results", async () => {
    const calls = stubApplicationsServer({
      applications,
      instancesByApp: { chess: 2 },
      bulkRefusals: { a2: "Application chess is being updated" },
    });
    renderApplicationsAt("/applications");
    for (const name of ["racer", "chess", "gone"]) {
      await userEvent.click(
        within(await rowOf(name)).getByRole("checkbox", { name: `Select ${name}` }),
      );
    }
    await userEvent.click(
      within(screen.getByRole("group", { name: "Bulk actions" })).getByRole("button", {
        name: "Delete",
      }),
    );
    // Without force, what instances use is left out, as the cluster would refuse it.
    const dialog = await screen.findByRole("dialog", { name: "Delete 1 application?" });
    expect(dialog).toHaveTextContent("Delete: racer.");
    expect(dialog).toHaveTextContent(
      "chess: 2 instances use it: the cluster refuses unless forced.",
    );
    expect(dialog).toHaveTextContent("gone: It is being deleted already.");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Force delete/ }));
    expect(dialog).toHaveAccessibleName("Delete 2 applications?");
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete 2 applications" }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === "DELETE")).toBe(true);
    });
    const sent = calls.find((call) => call.method === "DELETE");
    expect(sent?.url.pathname).toBe("/api/applications");
    expect(sent?.body).toEqual({
      applications: [
        { id: "a1", clusterId: "default" },
        { id: "a2", clusterId: "default" },
      ],
      force: true,
    });
    expect(await screen.findByText("Deleted 1 application, 1 failed")).toBeInTheDocument();
    expect(
      screen.getByText(
        /app-a2: Application chess is being updated\..*gone: It is being deleted already\./,
      ),
    ).toBeInTheDocument();
  });

  it("sends a bulk delete without force without what instances use", async () => {
    const calls = stubApplicationsServer({ applications, instancesByApp: { chess: 1 } });
    renderApplicationsAt("/applications");
    for (const name of ["racer", "chess"]) {
      await userEvent.click(
        within(await rowOf(name)).getByRole("checkbox", { name: `Select ${name}` }),
      );
    }
    await userEvent.click(
      within(screen.getByRole("group", { name: "Bulk actions" })).getByRole("button", {
        name: "Delete",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete 1 application?" });
    expect(dialog).toHaveTextContent("chess: 1 instance uses it");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete 1 application" }));
    await waitFor(() => {
      expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({
        applications: [{ id: "a1", clusterId: "default" }],
      });
    });
    expect(await screen.findByText("Deleted 1 application")).toBeInTheDocument();
  });
});
