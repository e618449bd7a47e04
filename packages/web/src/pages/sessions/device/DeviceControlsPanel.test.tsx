import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { initialDeviceState, type DeviceState } from "@anbox-dashboard/contract";
import { apiError, FakeApi } from "../../../test-support/fake-api.ts";
import { renderPage } from "../../../test-support/render-page.tsx";
import { DeviceControlsPanel } from "./DeviceControlsPanel.tsx";
import { useFilePush } from "./use-file-push.ts";

const devicePath = "/api/instances/c1/device";

/** The fake dashboard: a cluster with (or without) device controls, and the device's state. */
function fakeDashboard(extensions: string[] = ["instance_device_controls"]) {
  let state: DeviceState = initialDeviceState();
  const api = new FakeApi()
    .on("GET", "/api/clusters", () => [
      {
        id: "lab",
        name: "lab",
        health: { reachable: true, api_extensions: extensions, checked_at: "" },
      },
    ])
    .on("GET", devicePath, () => ({ metadata: state }))
    .on("PATCH", `${devicePath}/battery`, (call) => {
      state = { ...state, battery: call.body as DeviceState["battery"] };
      return { metadata: state };
    })
    .on("POST", `${devicePath}/telephony/sms`, () =>
      apiError(409, "Instance c1 is stopped: its device takes controls only while it runs"),
    );
  return api;
}

/** The panel as the stream page holds it: the page owns the files being pushed. */
function Panel({ onClose, filesRefused }: { onClose: () => void; filesRefused?: string }) {
  const files = useFilePush("lab", "c1");
  return (
    <DeviceControlsPanel
      clusterId="lab"
      instanceId="c1"
      files={files}
      filesRefused={filesRefused}
      quality={undefined}
      onClose={onClose}
    />
  );
}

function renderPanel(onClose = vi.fn(), filesRefused?: string) {
  renderPage("/", [
    { path: "/", element: <Panel onClose={onClose} filesRefused={filesRefused} /> },
  ]);
  return screen.getByRole("complementary", { name: "Device controls" });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("DeviceControlsPanel", () => {
  it("shows what the device has and sets its battery", async () => {
    const api = fakeDashboard();
    const panel = renderPanel();
    expect(await within(panel).findByText("Now 100%, charging.")).toBeInTheDocument();
    expect(within(panel).getByText("No location set yet.")).toBeInTheDocument();
    const level = within(panel).getByRole("slider", { name: "Level" });
    // jsdom has no slider to drag: its change, as a drag or the keys make it.
    fireEvent.change(level, { target: { value: "0" } });
    await userEvent.click(within(panel).getByRole("checkbox", { name: "Charging" }));
    await userEvent.click(within(panel).getByRole("button", { name: "Set battery" }));
    expect(await within(panel).findByText("Now 0%, on battery.")).toBeInTheDocument();
    const sent = api.calls.find((call) => call.method === "PATCH");
    expect(sent?.url.searchParams.get("clusterId")).toBe("lab");
    expect(sent?.body).toEqual({ level: 0, charging: false });
  });

  it("checks a form before sending it, and shows the server's refusal", async () => {
    const api = fakeDashboard();
    const panel = renderPanel();
    await within(panel).findByText("Now 100%, charging.");
    await userEvent.click(within(panel).getByRole("button", { name: "Set location" }));
    expect(within(panel).getAllByText("A number of degrees between -90 and 90")).toHaveLength(1);
    expect(api.calls.some((call) => call.url.pathname.endsWith("/location"))).toBe(false);

    await userEvent.type(within(panel).getByRole("textbox", { name: "From number" }), "+1 555");
    await userEvent.type(within(panel).getByRole("textbox", { name: "Message" }), "hello");
    await userEvent.click(within(panel).getByRole("button", { name: "Send SMS" }));
    expect(
      await within(panel).findByText(
        "Instance c1 is stopped: its device takes controls only while it runs",
      ),
    ).toBeInTheDocument();
    // An SMS is sent once per press: it carries an idempotency key.
    const sms = api.calls.find((call) => call.url.pathname.endsWith("/telephony/sms"));
    expect(sms?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("says when the cluster's AMS takes no device controls", async () => {
    fakeDashboard(["instance_support"]);
    const panel = renderPanel();
    expect(
      await within(panel).findByText(/This cluster's instances take no device controls/),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Set location" })).toBeNull();
  });

  it("refuses a file the device would not take before sending it, and says why files are off", async () => {
    const api = fakeDashboard();
    const panel = renderPanel();
    await within(panel).findByText("Now 100%, charging.");
    const input = within(panel).getByLabelText("Files for the device");
    await userEvent.upload(input, new File(["x"], ".bashrc"));
    expect(
      await within(panel).findByText(/starts with a dot \(a hidden file\)/),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.pathname.endsWith("/files"))).toBe(false);
  });

  it("says why files cannot be pushed when the user may not", async () => {
    fakeDashboard();
    const panel = renderPanel(vi.fn(), "You may not do this: needs can_exec on instance:lab/c1.");
    await within(panel).findByText("Now 100%, charging.");
    const input = within(panel).getByLabelText("Files for the device");
    expect(input).toHaveAttribute("aria-disabled", "true");
    expect(input).toHaveAccessibleDescription(/needs can_exec/);
  });
});
