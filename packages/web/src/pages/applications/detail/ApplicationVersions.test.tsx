import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import {
  makeApplication,
  makeVersion,
  renderApplicationsAt,
  stubApplicationsServer,
} from "../fake-applications-server.test-support.tsx";
import { onlyVersionReason } from "./version-actions.ts";

const game = makeApplication({
  id: "a1",
  name: "game",
  versions: [
    makeVersion({ number: 0, published: true }),
    makeVersion({ number: 1, published: false }),
    makeVersion({ number: 2, published: false, status: "initializing", status_code: 1 }),
  ],
});

async function versionRow(number: number): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "Versions of game" });
  const header = within(table).getByRole("rowheader", { name: String(number) });
  const row = header.closest<HTMLElement>("tr");
  if (!row) throw new Error(`no row for version ${String(number)}`);
  return row;
}

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the versions tab", () => {
  it("lists the versions newest first, published or not", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/versions");
    await versionRow(0);
    const headers = screen.getAllByRole("rowheader").map((cell) => cell.textContent);
    expect(headers).toEqual(["2", "1", "0"]);
    expect(within(await versionRow(0)).getByText("Yes")).toBeInTheDocument();
    expect(within(await versionRow(1)).getByText("No")).toBeInTheDocument();
  });

  it("shows each version's package size, or that it is not known", async () => {
    const sized = makeApplication({
      id: "a1",
      name: "game",
      versions: [makeVersion({ number: 0, size: 0 }), makeVersion({ number: 1, size: 12_345_678 })],
    });
    stubApplicationsServer({ applications: [sized] });
    renderApplicationsAt("/applications/default/a1/versions");
    expect(within(await versionRow(1)).getByText("12.3 MB")).toBeInTheDocument();
    expect(within(await versionRow(0)).getByText("Unknown")).toBeInTheDocument();
  });

  it("publishes a ready version once confirmed", async () => {
    const calls = stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/versions");
    await userEvent.click(
      within(await versionRow(1)).getByRole("button", { name: "Publish version 1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Publish version 1?" });
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url.pathname).toBe("/api/applications/a1/1");
    expect(patch?.url.searchParams.get("clusterId")).toBe("default");
    expect(patch?.body).toEqual({ published: true });
  });

  it("unpublishes a published version once confirmed", async () => {
    const calls = stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/versions");
    await userEvent.click(
      within(await versionRow(0)).getByRole("button", { name: "Unpublish version 0" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Unpublish version 0?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Unpublish" }));
    await waitFor(() => {
      expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ published: false });
    });
  });

  it("says why a version that is not ready cannot be published", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/versions");
    const publish = within(await versionRow(2)).getByRole("button", {
      name: "Publish version 2",
    });
    expect(publish).toHaveAttribute("aria-disabled", "true");
    expect(publish).toHaveAttribute(
      "title",
      "Only a ready version can be published; this one is initializing.",
    );
  });

  it("deletes a version once confirmed, showing the cluster's refusal", async () => {
    const refusal = "Version 1 of application game is used by 1 instance";
    const calls = stubApplicationsServer({ applications: [game], refuse: refusal });
    renderApplicationsAt("/applications/default/a1/versions");
    await userEvent.click(
      within(await versionRow(1)).getByRole("button", { name: "Delete version 1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete version 1?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete version" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refusal);
    expect(calls.find((call) => call.method === "DELETE")?.url.pathname).toBe(
      "/api/applications/a1/1",
    );
  });

  it("keeps the only version from being deleted, with the reason", async () => {
    stubApplicationsServer({
      applications: [makeApplication({ id: "a1", name: "game" })],
    });
    renderApplicationsAt("/applications/default/a1/versions");
    const remove = within(await versionRow(0)).getByRole("button", { name: "Delete version 0" });
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAttribute("title", onlyVersionReason);
  });

  it("offers to upload a new version through the edit form, at its APK field", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/versions");
    expect(await screen.findByRole("link", { name: "Upload a new version" })).toHaveAttribute(
      "href",
      "/applications/edit/default/a1?upload=version",
    );
  });

  it("starts an instance of a published, ready version; says why not for the others", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/versions");
    const link = within(await versionRow(0)).getByRole("link", {
      name: "Create instance of version 0",
    });
    expect(new URL(link.getAttribute("href") ?? "", "http://x").searchParams.get("version")).toBe(
      "0",
    );
    expect(
      within(await versionRow(1)).getByRole("button", { name: "Create instance of version 1" }),
    ).toHaveAttribute("title", "This version is not published: publish it first.");
    expect(
      within(await versionRow(2)).getByRole("button", { name: "Create instance of version 2" }),
    ).toHaveAttribute("title", "This version is initializing, not ready.");
  });
});
