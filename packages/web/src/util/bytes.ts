const units = ["B", "kB", "MB", "GB", "TB", "PB"] as const;

/** Bytes in base 1000 with one decimal ("1.5 GB"), as the cluster's own tools count them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  const exponent = Math.min(Math.floor(Math.log10(bytes) / 3), units.length - 1);
  let value = bytes / 1000 ** exponent;
  let unit = exponent;
  // 999,950 bytes rounds to "1000.0 kB": say "1.0 MB" instead.
  if (Number(value.toFixed(1)) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Bytes to megabytes (streaming statistics show MB): divided by 1e6. */
export function bytesToMegabytes(bytes: number): number {
  return bytes / 1e6;
}
