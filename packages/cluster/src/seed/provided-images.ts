/** The images a new cluster offers, like the provided images of the real image server. */
export interface ProvidedImage {
  name: string;
  type: "container" | "vm";
  variant: "android" | "aaos";
  architecture: string;
  capabilities: string[];
  /** Compressed size in bytes of the (virtual) image, for display. */
  size: number;
  /**
   * How many versions the image server has published (1 when absent). A new cluster takes them
   * all, as a cluster that has followed the image server for a while holds them: an image then
   * has old versions to look at and delete.
   */
  publishedVersions?: number;
}

const megabyte = 1_000_000;

export const providedImages: readonly ProvidedImage[] = [
  {
    name: "jammy:android13:amd64",
    type: "container",
    variant: "android",
    architecture: "x86_64",
    capabilities: ["gpu"],
    size: 780 * megabyte,
    publishedVersions: 3,
  },
  {
    name: "jammy:android14:amd64",
    type: "container",
    variant: "android",
    architecture: "x86_64",
    capabilities: ["gpu", "camera"],
    size: 820 * megabyte,
  },
  {
    name: "jammy:android15:amd64",
    type: "container",
    variant: "android",
    architecture: "x86_64",
    capabilities: ["gpu", "camera"],
    size: 860 * megabyte,
  },
  {
    name: "jammy:aaos14:amd64",
    type: "container",
    variant: "aaos",
    architecture: "x86_64",
    capabilities: ["gpu"],
    size: 910 * megabyte,
  },
  {
    name: "jammy:aaos15:amd64",
    type: "container",
    variant: "aaos",
    architecture: "x86_64",
    capabilities: ["gpu"],
    size: 940 * megabyte,
  },
  {
    name: "jammy:android15:amd64",
    type: "vm",
    variant: "android",
    architecture: "x86_64",
    capabilities: ["gpu"],
    size: 1_450 * megabyte,
  },
  {
    name: "jammy:aaos15:amd64",
    type: "vm",
    variant: "aaos",
    architecture: "x86_64",
    capabilities: ["gpu"],
    size: 1_520 * megabyte,
  },
];

/** The default image of each type on a new cluster. */
export const defaultImageNames: Record<ProvidedImage["type"], string> = {
  container: "jammy:android15:amd64",
  vm: "jammy:android15:amd64",
};
