import { useCallback, useState } from "react";
import { imageStatuses, imageTypes } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/images.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import type { Noun } from "../../../components/list/count-noun.ts";
import { whyEmpty } from "../../../components/list/empty-reason.ts";
import { ListEmptyState } from "../../../components/list/ListEmptyState.tsx";
import { ListPagination } from "../../../components/list/ListPagination.tsx";
import { ListView } from "../../../components/list/ListView.tsx";
import { RefreshingIndicator } from "../../../components/list/RefreshingIndicator.tsx";
import { NameTypeStatusFilters } from "../../../components/list/filters/NameTypeStatusFilters.tsx";
import { useListUrlState } from "../../../components/list/url/use-list-url-state.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { useNamesClusters } from "../../../queries/clusters.ts";
import { useImagesPage } from "../../../queries/images.ts";
import { ImageActionModal } from "../shared/ImageActionModal.tsx";
import { imageTypeLabel } from "../shared/image-facts.ts";
import { imagesListSource } from "./images-list-request.ts";
import type { ImageRowAction } from "./ImageRowActions.tsx";
import { imageKey, ImagesTable } from "./ImagesTable.tsx";
import "./_images-list.scss";
import { UnreachableClustersNotice } from "../../../components/list/UnreachableClustersNotice.tsx";

const typeOptions = imageTypes.map((type) => ({ value: type, label: imageTypeLabel(type) }));

/** "Updating" shows while any page of images loads (a live refetch, another page). */
const imagePagesKey = [...queryKeys.images(), "page"];

const imageNoun: Noun = { one: "image", other: "images" };

/**
 * The images of the clusters, a page at a time: search, type, status, sort and page live in the
 * URL, the server filters, sorts and pages, and the events keep it fresh.
 */
export function ImagesList() {
  const list = useListUrlState(imagesListSource);
  const page = useImagesPage(list.request);
  const rows = page.data?.metadata;
  const showCluster = useNamesClusters(rows?.map((image) => image.clusterId) ?? []);
  const total = page.data?.total_size ?? 0;
  const emptyReason = rows === undefined ? undefined : whyEmpty(rows.length, total, list.filtered);

  const [pending, setPending] = useState<{ key: string; action: ImageRowAction }>();
  const onAction = useCallback((image: ClusterImage, action: ImageRowAction) => {
    setPending({ key: imageKey(image), action });
  }, []);
  // The latest answer's copy, so that the dialog sees what changed while it is open.
  const target = rows?.find((image) => imageKey(image) === pending?.key);

  return (
    <ListView>
      {emptyReason !== "none" && (
        <NameTypeStatusFilters
          label="Filter images"
          typeOptions={typeOptions}
          statuses={imageStatuses}
          urlFilters={list.params.filters}
          query={list.query}
          onFilter={list.setFilter}
          onClear={list.clearFilters}
          filtered={list.filtered}
          aside={<RefreshingIndicator queryKey={imagePagesKey} />}
        />
      )}
      {page.isError && <ErrorNotice title="Cannot load the images" error={page.error} />}
      <UnreachableClustersNotice clusters={page.data?.unreachable} noun="images" />
      {page.isPending && <PageLoader />}
      {emptyReason !== undefined && (
        <ListEmptyState
          unreachable={page.data?.unreachable}
          reason={emptyReason}
          noun={imageNoun}
          none={{
            title: "No images",
            children: <p>Images are the Android systems instances and applications start from.</p>,
          }}
          onClearFilters={list.clearFilters}
          onFirstPage={() => {
            list.setPage(1);
          }}
        />
      )}
      {rows !== undefined && rows.length > 0 && (
        <ImagesTable
          images={rows}
          sort={list.sort}
          onSort={list.setSort}
          onAction={onAction}
          stale={page.isPlaceholderData}
          showCluster={showCluster}
        />
      )}
      {page.data !== undefined && total > 0 && (
        <ListPagination
          noun={imageNoun}
          page={list.query.page}
          size={list.query.size}
          total={total}
          onPage={list.setPage}
          onSize={list.setSize}
        />
      )}
      {target !== undefined && pending !== undefined && (
        <ImageActionModal
          key={pending.key}
          input={{ image: target, action: pending.action }}
          onClose={() => {
            setPending(undefined);
          }}
        />
      )}
    </ListView>
  );
}
