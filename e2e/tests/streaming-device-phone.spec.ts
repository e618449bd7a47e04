import type { DeviceState } from "@anbox-dashboard/contract";
import { expect, test } from "../helpers/cluster-test.ts";
import { chromiumFlags } from "../helpers/chromium-flags.ts";
import { streamNewInstance } from "../helpers/stream-page.ts";

// Device controls on a phone (issue 39): its own motion sensors and camera, lent to the device
// over the stream as Anbox's SDK does, reach the device's state.

// A phone's touch screen (its motion sensors are the page's to lend) and Chromium's fake
// camera, granted without asking: what a tester's own phone would give.
test.use({
  hasTouch: true,
  isMobile: true,
  viewport: { width: 390, height: 844 },
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      ...chromiumFlags,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

test("device controls: this phone's motion sensors and camera reach the device", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const instance = await streamNewInstance(page, "Katherine Johnson");
  await page.getByRole("button", { name: "Device controls" }).click();
  const panel = page.getByRole("complementary", { name: "Device controls" });
  const sensors = async () => {
    const answer = await page.request.get(`/api/instances/${instance.id}/device?clusterId=default`);
    return ((await answer.json()) as { metadata: DeviceState }).metadata.sensors;
  };

  // The phone held on its side: gravity along x. Its motion goes over the stream, as the SDK's.
  const motion = panel.getByRole("switch", { name: "Use this device's motion sensors" });
  await motion.press("Space");
  await expect(motion).toBeChecked();
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          window.dispatchEvent(
            new DeviceMotionEvent("devicemotion", {
              accelerationIncludingGravity: { x: 9.5, y: 1.5, z: 0.5 },
              rotationRate: { alpha: 0, beta: 0, gamma: 0 },
            }),
          );
        });
        return (await sensors()).find((reading) => reading.type === "acceleration");
      },
      { timeout: 10_000 },
    )
    .toMatchObject({ x: 9.5, y: 1.5, z: 0.5 });

  // The fake camera's picture becomes what the device's camera sees.
  await panel.getByRole("button", { name: "Use this browser's camera" }).click();
  await expect(panel.getByText(/^The camera sees a browser's camera \(\d+×\d+\)\.$/)).toBeVisible({
    timeout: 15_000,
  });
  await panel.getByRole("button", { name: "Stop the camera" }).click();
  await expect(panel.getByRole("button", { name: "Use this browser's camera" })).toBeVisible();
});
