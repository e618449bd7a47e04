import { imagePath } from "../shared/image-facts.ts";

/** The tabs of the image page, in their order; the URL's last part names the open one. */
export const imageTabs = [
  { id: "overview", label: "Overview" },
  { id: "versions", label: "Versions" },
  { id: "used-by", label: "Used by" },
] as const;

export type ImageTab = (typeof imageTabs)[number]["id"];

/** `/images/{clusterId}/{id}/{tab}`. */
export function imageTabPath(clusterId: string, id: string, tab: ImageTab): string {
  return imagePath(clusterId, id, tab);
}
