import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  renderInstancePage,
  runningInstance,
  stubInstanceServer,
  type FakeServer,
} from "./fake-instance-server.test-support.tsx";
import { readBlob } from "../../../test-support/read-blob.ts";

const logsPath = `/instances/${runningInstance.clusterId}/${runningInstance.id}/logs`;

function serve(logs: FakeServer["logs"]): FakeServer {
  const server: FakeServer = { instance: runningInstance, logs, calls: [] };
  stubInstanceServer(server);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("InstanceLogs", () => {
  it("lists the log names sorted and shows the first one's text", async () => {
    serve({
      "system.log": "system up\n",
      "android.log": "I/ActivityManager: Start proc\n",
      "boot.log": "booting\n",
    });
    renderInstancePage(logsPath);
    const select = await screen.findByRole("combobox", { name: "Log" });
    expect(screen.getByRole("tab", { name: "Logs" })).toHaveAttribute("aria-selected", "true");
    expect(Array.from((select as HTMLSelectElement).options).map((option) => option.value)).toEqual(
      ["android.log", "boot.log", "system.log"],
    );
    expect(select).toHaveValue("android.log");
    expect(await screen.findByLabelText("Log android.log")).toHaveTextContent(
      "I/ActivityManager: Start proc",
    );
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      "/api/instances/d1b2c3/logs/android.log?clusterId=lab&download=1",
    );
  });

  it("shows the chosen log's text, and keeps the choice in the URL", async () => {
    serve({ "android.log": "android text", "system.log": "system text" });
    const { router } = renderInstancePage(logsPath);
    const select = await screen.findByRole("combobox", { name: "Log" });
    await userEvent.selectOptions(select, "system.log");
    expect(await screen.findByLabelText("Log system.log")).toHaveTextContent("system text");
    expect(router.state.location.search).toBe("?log=system.log");
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      "/api/instances/d1b2c3/logs/system.log?clusterId=lab&download=1",
    );
  });

  it("says so when there are no logs", async () => {
    serve({});
    renderInstancePage(logsPath);
    expect(await screen.findByRole("heading", { name: "No logs yet" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Download all" })).not.toBeInTheDocument();
  });

  it("shows a log that cannot be read as an inline error", async () => {
    serve({ "android.log": null });
    renderInstancePage(logsPath);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cannot read android.log");
    expect(alert).toHaveTextContent("No log android.log");
  });

  it("downloads every log as one file with a header per log", async () => {
    const user = userEvent.setup();
    serve({ "system.log": "system text\n", "android.log": "android text\n" });
    const blobs: (Blob | MediaSource)[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob);
      return "blob:all-logs";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderInstancePage(logsPath);
    await user.click(await screen.findByRole("button", { name: "Download all" }));
    await waitFor(() => {
      expect(saved).toEqual(["web-shop-1-logs.txt"]);
    });
    expect(await readBlob(blobs[0])).toBe(
      "==> android.log <==\nandroid text\n\n==> system.log <==\nsystem text\n",
    );
  });
});
