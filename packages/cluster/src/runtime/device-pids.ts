/** The process ids a virtual device's logs name. */
export interface DevicePids {
  zygote: number;
  systemServer: number;
  app: number;
  anbox: number;
}

/**
 * Stable, plausible process ids per instance, so that every log line about one device (its boot,
 * its stream's input) agrees on who wrote it.
 */
export function devicePids(instanceId: string): DevicePids {
  let seed = 7;
  for (let index = 0; index < instanceId.length; index++) {
    seed = (seed * 31 + instanceId.charCodeAt(index)) % 9973;
  }
  const zygote = 180 + (seed % 300);
  return { zygote, systemServer: zygote + 243, app: zygote + 870, anbox: 90 + (seed % 40) };
}
