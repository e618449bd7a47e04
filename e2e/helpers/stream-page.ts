import { type Page } from "@playwright/test";
import { expect } from "./cluster-test.ts";
import { signUp } from "./account.ts";
import { createStreamableInstance, streamScreen } from "./streamable-instance.ts";
import { framesShown } from "./video-pixels.ts";

// A stream page as a user reaches it: signed up, an instance made, its stream opened from the
// instances list, playing.

/** The player's video of the device. */
export function video(page: Page) {
  return page.getByLabel("Stream of the device");
}

/** Resolves once the stream plays and the browser has shown frames of it. */
export async function expectPlaying(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: "The stream is playing." })).toBeVisible({
    timeout: 20_000,
  });
  // Frames decoded by the browser, not just a connection.
  await expect.poll(() => framesShown(video(page)), { timeout: 15_000 }).toBeGreaterThan(10);
}

/**
 * Signs a new person up, makes a streamable instance and opens its stream from the instances
 * list, as a user does; resolves once it plays.
 */
export async function streamNewInstance(
  page: Page,
  person: string,
  display = streamScreen,
): Promise<{ id: string; name: string }> {
  await signUp(page, person);
  const instance = await createStreamableInstance("e2e-stream", display);
  await page.goto("/instances");
  await page.getByRole("link", { name: `Stream ${instance.name}` }).click();
  await expectPlaying(page);
  return instance;
}
