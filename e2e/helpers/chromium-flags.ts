/**
 * What Debian's Chromium needs to run headless on these machines (no GPU, no sandbox as root, no
 * QUIC on loopback) without reaching out to the network: for the end-to-end tests and the
 * benchmarks alike.
 */
export const chromiumFlags: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
