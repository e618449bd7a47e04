import {
  imageSearchMaxLength,
  imagesListOrderBy,
  imageStatuses,
  imageTypes,
  type ImagesListOrderBy,
} from "@anbox-dashboard/contract";
import type { ImagesListRequest } from "../../../api/images.ts";
import type { SortOrder } from "../../../components/list/url/list-params.ts";
import {
  nameTypeStatusFilterSpecs,
  nameTypeStatusRequestOf,
} from "../../../components/list/filters/name-type-status.ts";
import type { ListQuery, ListSpec } from "../../../components/list/url/list-query.ts";
import type { ListSource } from "../../../components/list/url/use-list-url-state.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { prefetchImagesPage } from "../../../queries/images.ts";

/** The filters of the images list, by their URL name (`filter.<key>=value`). */
export type ImageFilterKey = "search" | "type" | "status";

/** Times and sizes read best largest first; words A to Z. */
export function defaultOrderFor(orderBy: ImagesListOrderBy): SortOrder {
  return orderBy === "created_at" || orderBy === "size" ? "desc" : "asc";
}

/** What the images list takes from the URL. */
export const imageListSpec: ListSpec<ImagesListOrderBy, ImageFilterKey> = {
  sortKeys: imagesListOrderBy,
  defaultSort: "name",
  defaultOrder: defaultOrderFor,
  filters: nameTypeStatusFilterSpecs(imageSearchMaxLength, imageTypes, imageStatuses),
};

export type ImageListQuery = ListQuery<ImagesListOrderBy, ImageFilterKey>;

/** The request of `GET /api/images` for the page the list state describes. */
export function imagesRequestOf(query: ImageListQuery): ImagesListRequest {
  return nameTypeStatusRequestOf(query, imageTypes, imageStatuses);
}

/** Where the images list's pages come from; its quick search finds a part of the name. */
export const imagesListSource: ListSource<ImagesListOrderBy, ImageFilterKey, ImagesListRequest> = {
  spec: imageListSpec,
  toRequest: imagesRequestOf,
  search: { key: "search", queryKey: queryKeys.imagesPage, prefetch: prefetchImagesPage },
};
