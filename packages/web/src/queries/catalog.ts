import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchApplications, fetchImages, type ApplicationsQuery } from "../api/catalog.ts";
import { queryKeys } from "../context/query-keys.ts";

/** A page of the clusters' applications. */
export function applicationsListQuery(query: ApplicationsQuery) {
  return queryOptions({
    queryKey: queryKeys.applicationsList(query),
    queryFn: ({ signal }) => fetchApplications(query, signal),
  });
}

/** A page of applications; idle unless `enabled`. */
export function useApplications(query: ApplicationsQuery, { enabled = true } = {}) {
  return useQuery({ ...applicationsListQuery(query), enabled });
}

/** Every image of the clusters, of one type. */
export function imagesListQuery(type: "container" | "vm") {
  return queryOptions({
    queryKey: queryKeys.imagesList(type),
    queryFn: ({ signal }) => fetchImages(type, signal),
  });
}

/** The images of one type; idle unless `enabled`. */
export function useImages(type: "container" | "vm", { enabled = true } = {}) {
  return useQuery({ ...imagesListQuery(type), enabled });
}
