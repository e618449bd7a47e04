import { afterEach, describe, expect, it } from "vitest";
import { useH264 } from "werift";
import { deviceScreenFor } from "../../src/streaming/screen-registry.ts";
import type { ViewerRequest } from "../../src/streaming/control-channel.ts";
import {
  decode,
  screenSpec,
  SignalingClient,
  startStreamServer,
  Viewer,
  waitFor,
} from "./stream-client.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("a viewer who came through a share link", () => {
  it("is not told the device's state (its clipboard, its SMS); a second control channel is not heard", async () => {
    const screen = deviceScreenFor("stream-shared");
    screen.state.setClipboard("private", "page", Date.now());
    const server = await startStreamServer(screenSpec("stream-shared"), { throughShare: true });
    cleanups.push(() => server.close());
    const signaling = await SignalingClient.connect(server.url);
    const client = new Viewer([useH264()]);
    cleanups.push(() => client.close());
    const second = client.peer.createDataChannel("control");
    signaling.send({ type: "discover" });
    await signaling.next("resp:discover");
    signaling.send({ type: "settings", api_version: 2, enable_video: true });
    await client.answer(signaling, decode((await signaling.next("offer")).sdp));
    await waitFor(() => (client.control.readyState === "open" ? true : undefined), "control open");
    // A change while it watches: still nothing said to it.
    screen.state.receiveSms("+1 555", "code 1234", Date.now());
    await waitFor(() => (second.readyState === "open" ? true : undefined), "the second open");
    second.send(JSON.stringify({ type: "input::key", data: { code: 4, pressed: true } }));
    client.sendControl({ type: "input::key", data: { code: 5, pressed: true } });
    await waitFor(() => (screen.typedText === "b" ? true : undefined), "the first channel's key");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.typedText).toBe("b");
    expect(client.controlMessagesOf("device::state")).toEqual([]);
  });

  it("as a watcher sends no input to the device until it is given control, and is told who watches", async () => {
    const screen = deviceScreenFor("stream-watched");
    const requests: ViewerRequest[] = [];
    const server = await startStreamServer(screenSpec("stream-watched"), {
      controls: false,
      onViewerRequest: (request) => requests.push(request),
    });
    cleanups.push(() => server.close());
    const signaling = await SignalingClient.connect(server.url);
    const client = new Viewer([useH264()]);
    cleanups.push(() => client.close());
    signaling.send({ type: "discover" });
    await signaling.next("resp:discover");
    signaling.send({ type: "settings", api_version: 2, enable_video: true });
    await client.answer(signaling, decode((await signaling.next("offer")).sdp));
    await waitFor(() => (client.control.readyState === "open" ? true : undefined), "control open");
    client.sendControl({ type: "input::key", data: { code: 4, pressed: true } });
    client.sendControl({ type: "stream::take-control", data: {} });
    await waitFor(() => (requests.length > 0 ? true : undefined), "the request");
    expect(requests).toEqual([{ kind: "take-control" }]);
    expect(screen.typedText).toBe("");

    const handle = await server.handle(0);
    const viewers = {
      you: "w",
      viewers: [{ id: "w", role: "controller" as const, watch_only: false, through_share: false }],
    };
    handle.setViewers(viewers, true);
    await waitFor(
      () => (client.controlMessagesOf("stream::viewers").length > 0 ? true : undefined),
      "the viewers",
    );
    expect(client.controlMessagesOf("stream::viewers")).toEqual([viewers]);
    client.sendControl({ type: "input::key", data: { code: 5, pressed: true } });
    await waitFor(() => (screen.typedText === "b" ? true : undefined), "the controller's key");
  });
});
