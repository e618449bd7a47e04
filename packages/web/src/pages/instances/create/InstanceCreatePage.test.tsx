// The instance form's page: what it shows and where it starts from (the sources, clusters and
// sizes it offers). Sending it is InstanceCreatePage.submit.test.tsx.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import {
  chooseImageSource,
  createCall,
  nameChecks,
  renderPage,
} from "./create-page.test-support.tsx";

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InstanceCreatePage", () => {
  it("shows the form under its title, the only cluster as text, every field labelled", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Create instance" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Name")).toHaveValue("");
    expect(screen.queryByLabelText("Cluster")).not.toBeInTheDocument();
    expect(screen.getByText("default")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Container" })).toBeChecked();
    // The cluster has an application to start: it is the source offered first.
    expect(
      await screen.findByRole("radio", { name: "An application", checked: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Instance type" })).toBeInTheDocument();
    expect(screen.getByLabelText("Resource type")).toHaveValue("a2.3");
    expect(screen.getByLabelText("Resource type")).toHaveAccessibleDescription(
      "2 CPU cores, 3 GB memory, 0 GPU slots, disk 3.2 GB",
    );
    expect(screen.getByRole("checkbox", { name: "Enable streaming" })).not.toBeChecked();
    expect(screen.getByLabelText("Resolution")).toHaveValue("1280x720");
    expect(screen.getByLabelText("Density (dpi)")).toHaveValue("240");
    expect(screen.getByLabelText("Frame rate (frames per second)")).toHaveValue("60");
    expect(screen.getByRole("checkbox", { name: "Delete protection" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/instances");
  });

  it("starts from the default image when the cluster has no application to start", async () => {
    renderPage({ applications: [] });
    expect(
      await screen.findByRole("option", {
        name: "jammy:android14:amd64 (default)",
        selected: true,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "An image" })).toBeChecked();
  });

  it("opens with the image an image's page linked to, though an application could start", async () => {
    renderPage(
      { clusters: [{ id: "default" }, { id: "lab" }] },
      "/instances/new?clusterId=lab&type=container&image=img-lab",
    );
    expect(
      await screen.findByRole("option", { name: "lab-image (default)", selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "An image" })).toBeChecked();
    expect(screen.getByLabelText("Cluster")).toHaveValue("lab");
  });

  it("lists the ready applications, and the chosen one's published versions, newest chosen", async () => {
    renderPage();
    const select = await screen.findByLabelText("Application");
    await within(select).findByRole("option", { name: "game" });
    expect(within(select).queryByRole("option", { name: /not-ready/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Version")).toBeDisabled();
    await userEvent.selectOptions(select, "app-game");
    const version = screen.getByLabelText("Version");
    expect(version).toHaveValue("2");
    // Version 3 is not published: an instance cannot start it.
    expect(
      within(version)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Version 2 (newest)", "Version 1"]);
  });

  it("sends the version chosen, and the newest again once another application is chosen", async () => {
    const calls = renderPage();
    const select = await screen.findByLabelText("Application");
    await within(select).findByRole("option", { name: "game" });
    await userEvent.selectOptions(select, "app-game");
    await userEvent.selectOptions(screen.getByLabelText("Version"), "1");
    await userEvent.selectOptions(select, "app-gpu");
    expect(screen.getByLabelText("Version")).toHaveValue("0");
    await userEvent.selectOptions(select, "app-game");
    expect(screen.getByLabelText("Version")).toHaveValue("2");
    await userEvent.selectOptions(screen.getByLabelText("Version"), "1");
    await userEvent.click(screen.getByRole("button", { name: "Create and start" }));
    await screen.findByText("Now at /instances/default/i-new");
    expect(createCall(calls)?.body).toMatchObject({ app_id: "app-game", app_version: 1 });
  });

  it("opens with the application and version a link names", async () => {
    renderPage({}, "/instances/new?clusterId=default&application=app-game&version=1");
    const version = await screen.findByLabelText("Version");
    await waitFor(() => {
      expect(version).toHaveValue("1");
    });
    expect(screen.getByLabelText("Application")).toHaveValue("app-game");
  });

  it("shows the quotas on the chosen cluster and disables what a reached one would refuse", async () => {
    const totals = {
      instances: 2,
      running_instances: 2,
      concurrent_streams: 0,
      cpus: 4,
      memory: 6e9,
      gpu_slots: 0,
      disk: 6e9,
    };
    renderPage({
      clusters: [{ id: "default" }, { id: "lab" }],
      quotas: [
        {
          group: "testers",
          fromProvider: false,
          lines: [{ key: "running_instances", value: 2, cluster: "default", used: 2 }],
          totals,
        },
      ],
    });
    const quotas = await screen.findByRole("region", { name: "Your quotas" });
    expect(quotas).toHaveTextContent("Group testers: 2 of 2 running instances on cluster default");
    // Unavailable, not out of the tab order (SubmitButton): aria-disabled, with the reason below.
    const createAndStart = screen.getByRole("button", { name: "Create and start" });
    expect(createAndStart).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: /^Create$/ })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
    expect(screen.getByText(/Create and start is unavailable\. Quota reached/)).toBeVisible();
    // Another cluster: that limit does not hold there.
    await userEvent.selectOptions(screen.getByLabelText("Cluster"), "lab");
    expect(screen.queryByRole("region", { name: "Your quotas" })).not.toBeInTheDocument();
    expect(createAndStart).toHaveAttribute("aria-disabled", "false");
  });

  it("offers a select of clusters when there are several, the first chosen", async () => {
    const calls = renderPage({ clusters: [{ id: "default" }, { id: "lab" }] });
    const cluster = await screen.findByLabelText("Cluster");
    expect(cluster).toHaveValue("default");
    await chooseImageSource();
    expect(screen.getByLabelText("Image")).toHaveValue("img-default");

    // Another cluster: its own images, and the name is checked again there.
    await userEvent.type(screen.getByLabelText("Name"), "demo");
    await screen.findByText("The name is free");
    await userEvent.selectOptions(cluster, "lab");
    expect(screen.getByLabelText("Image")).toHaveValue("img-lab");
    await waitFor(() => {
      expect(nameChecks(calls).at(-1)?.url.searchParams.get("clusterId")).toBe("lab");
    });
  });

  it("gives a container the default disk of the chosen cluster (ext4 root volumes or not)", async () => {
    renderPage({ clusters: [{ id: "default" }, { id: "lab" }], ext4Elsewhere: ["lab"] });
    const resourceType = await screen.findByLabelText("Resource type");
    await waitFor(() => {
      expect(resourceType).toHaveAccessibleDescription(expect.stringContaining("disk 3.2 GB"));
    });
    await userEvent.selectOptions(await screen.findByLabelText("Cluster"), "lab");
    await waitFor(() => {
      expect(resourceType).toHaveAccessibleDescription(expect.stringContaining("disk 4.3 GB"));
    });
  });

  describe("the name", () => {
    it("shows the rules' messages as it is typed, tied to the field", async () => {
      renderPage();
      const name = await screen.findByLabelText("Name");
      await userEvent.type(name, "9lives");
      expect(name).toHaveAccessibleDescription(
        expect.stringContaining("Instance name must start with a letter") as string,
      );
      expect(name).toHaveAttribute("aria-invalid", "true");
      await userEvent.clear(name);
      await userEvent.type(name, "a_b");
      expect(
        screen.getByText("Only alphanumeric and hyphen characters are allowed"),
      ).toBeInTheDocument();
      await userEvent.clear(name);
      await userEvent.type(name, `a${"b".repeat(63)}`);
      expect(
        screen.getByText("Instance name must be between 1 and 63 characters"),
      ).toBeInTheDocument();
    });

    it("is free when the cluster answers 404", async () => {
      const calls = renderPage();
      await userEvent.type(await screen.findByLabelText("Name"), "demo");
      expect(await screen.findByText("The name is free")).toBeInTheDocument();
      expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "false");
      // Looked up once typing paused, not at each keystroke.
      expect(nameChecks(calls).map((call) => call.url.pathname)).toEqual(["/api/instances/demo"]);
      expect(nameChecks(calls)[0]?.url.searchParams.get("clusterId")).toBe("default");
    });

    it("is taken when the cluster has an instance of that name", async () => {
      renderPage({ existing: ["default/demo"] });
      const name = await screen.findByLabelText("Name");
      await userEvent.type(name, "demo");
      expect(
        await screen.findByText("An instance with this name already exists"),
      ).toBeInTheDocument();
      expect(name).toHaveAttribute("aria-invalid", "true");
    });

    it("cancels a pending check when the name changes", async () => {
      const calls = renderPage({ hanging: ["slow"] });
      const name = await screen.findByLabelText("Name");
      await userEvent.type(name, "slow");
      await waitFor(() => {
        expect(nameChecks(calls)).toHaveLength(1);
      });
      const first = nameChecks(calls)[0];
      expect(first?.signal?.aborted).toBe(false);
      await userEvent.type(name, "-2");
      expect(first?.signal?.aborted).toBe(true);
      expect(await screen.findByText("The name is free")).toBeInTheDocument();
      expect(nameChecks(calls).map((call) => call.url.pathname)).toEqual([
        "/api/instances/slow",
        "/api/instances/slow-2",
      ]);
    });

    it("keeps a taken name from being sent", async () => {
      const calls = renderPage({ existing: ["default/demo"] });
      await chooseImageSource();
      await userEvent.type(screen.getByLabelText("Name"), "demo");
      await screen.findByText("An instance with this name already exists");
      await userEvent.click(screen.getByRole("button", { name: "Create" }));
      expect(screen.getByLabelText("Name")).toHaveFocus();
      expect(createCall(calls)).toBeUndefined();
    });
  });
});
