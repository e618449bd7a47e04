import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";
import {
  makeApplication,
  renderApplicationsAt,
  stubApplicationsServer,
} from "./fake-applications-server.test-support.tsx";

const game = makeApplication({ id: "a1", name: "game", tags: ["kids"] });

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ApplicationDetailPage", () => {
  it("shows every field, the image linked to its page and the manifest", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1");
    expect(await screen.findByRole("heading", { name: "game" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("link", { name: "jammy:android15:amd64" })).toHaveAttribute(
      "href",
      "/images/default/img-15",
    );
    expect(screen.getByText("kids")).toBeInTheDocument();
    expect(screen.getByText("com.example.game")).toBeInTheDocument();
    const manifest = await screen.findByText(/image: jammy:android15:amd64/);
    expect(manifest.closest("pre")).not.toBeNull();
  });

  it("says why there is no manifest to read or edit from where the cluster's AMS does not hand it out", async () => {
    stubApplicationsServer({ applications: [game], clusterExtensions: ["instance_support"] });
    renderApplicationsAt("/applications/default/a1");
    const why =
      "Cluster default's AMS (version 1.14.0) does not offer applications' manifests: its API has no application_manifest_download extension.";
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.queryByText(/image: jammy:android15:amd64/)).toBeNull();
  });

  it("says an edit form cannot start without the manifest where the cluster does not hand it out", async () => {
    stubApplicationsServer({ applications: [game], clusterExtensions: ["instance_support"] });
    renderApplicationsAt("/applications/edit/default/a1");
    expect(
      await screen.findByText(/Editing an application starts from its manifest\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Save|Update/ })).toBeNull();
  });

  it("says an unknown application is not found rather than titling the page with its id", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/nope/versions");
    expect(
      await screen.findByRole("heading", { name: "Application not found" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the applications" })).toBeInTheDocument();
  });

  it("titles the edit page of an unknown application as not found", async () => {
    stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/edit/default/nope");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Application not found" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Edit application" })).toBeNull();
  });

  it("lists its instances from the instances list filtered by its name on its cluster", async () => {
    const calls = stubApplicationsServer({ applications: [game] });
    renderApplicationsAt("/applications/default/a1/instances");
    expect(await screen.findByText("No instance runs game.")).toBeInTheDocument();
    const request = calls.find((call) => call.url.pathname === "/api/instances");
    expect(request?.url.searchParams.get("app_name")).toBe("game");
    expect(request?.url.searchParams.get("subclusters")).toBe("default");
    expect(screen.getByRole("link", { name: "Edit game" })).toHaveAttribute(
      "href",
      "/applications/edit/default/a1",
    );
  });
});
