import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { isNotFound } from "../../api/api-fetch.ts";
import { ErrorNotice } from "../ErrorNotice.tsx";
import { PageLoader } from "../PageLoader.tsx";
import { LinkTabs } from "../page-layout/LinkTabs.tsx";
import { PageHeading } from "../page-layout/PageHeading.tsx";
import { capitalized, tabOf, type DetailTab } from "./detail-tabs.ts";
import { ResourceNotFound } from "./ResourceNotFound.tsx";
import "./_detail-page.scss";

/**
 * A resource's page, declared: where it belongs (the list the breadcrumb leads back to), its
 * words, its tabs, and what it shows of the resource (the badges beside its name, its actions,
 * each tab's content).
 */
export interface DetailPageDeclaration<Resource, Tab extends string> {
  /** "image": in the page's words ("Cannot load this image", "Image not found"). */
  noun: string;
  /** The list the breadcrumb leads back to. */
  list: { label: string; path: string };
  /** In their order; the first is shown when the URL names none, or one that does not exist. */
  tabs: readonly DetailTab<Tab>[];
  tabPath: (clusterId: string, id: string, tab: Tab) => string;
  /** What the tour points at on the title, if it does (`data-tour`). */
  tourTarget?: string;
  /** Beside the name: the status and other badges. */
  badges: (resource: Resource) => ReactNode;
  actions: (resource: Resource) => ReactNode;
  /** The open tab's content. */
  content: (tab: Tab, resource: Resource) => ReactNode;
  /** The name of the route's parameter that holds the resource's id (`:id`, `:instanceId`). */
  idParam: string;
  /** The resource's query hook (`queries/<resource>.ts`): lifecycle events refetch it. */
  useResource: (clusterId: string, id: string) => UseQueryResult<Resource>;
}

/**
 * `/<resources>/{clusterId}/{id}/{tab}` (the route's parameters): one resource under its name, its badges and actions,
 * its tabs (the open one in the URL). Until it is loaded the title is its id; a resource that
 * does not exist (deleted meanwhile, or a wrong link) is said so instead of an error, and whatever
 * was shown of it before is no longer shown; a failed refresh keeps what was shown, and says so.
 */
export function DetailPage<Resource extends { name: string }, Tab extends string>({
  declaration,
}: {
  declaration: DetailPageDeclaration<Resource, Tab>;
}) {
  const { noun, list, tabs } = declaration;
  const params = useParams();
  const clusterId = params.clusterId ?? "";
  const id = params[declaration.idParam] ?? "";
  const tab = params.tab;
  const query = declaration.useResource(clusterId, id);
  const activeTab = tabOf(tabs, tab);
  const notFound = isNotFound(query.error);
  const shown = notFound ? undefined : query.data;
  const title = notFound ? `${capitalized(noun)} not found` : (shown?.name ?? id);
  const tabId = (tab: Tab) => `${noun}-tab-${tab}`;
  const panelId = `${noun}-tab-panel`;

  return (
    <div className="p-panel page-layout detail-page">
      <div className="p-panel__header page-layout__header detail-page__header">
        <div className="detail-page__title" data-tour={declaration.tourTarget}>
          <nav aria-label="Breadcrumb" className="detail-page__breadcrumb">
            <Link to={list.path}>{list.label}</Link>
            <span aria-hidden="true"> / </span>
          </nav>
          <PageHeading className="p-panel__title detail-page__name">{title}</PageHeading>
          {shown && declaration.badges(shown)}
        </div>
        {shown && <div className="p-panel__controls">{declaration.actions(shown)}</div>}
      </div>
      <div className="p-panel__content page-layout__content">
        {query.isPending && <PageLoader />}
        {notFound && <ResourceNotFound noun={noun} clusterId={clusterId} id={id} list={list} />}
        {query.isError && !notFound && (
          <ErrorNotice
            title={shown ? `Cannot refresh this ${noun}` : `Cannot load this ${noun}`}
            error={query.error}
          />
        )}
        {shown && (
          <>
            <LinkTabs
              label={`${capitalized(noun)} sections`}
              tabs={tabs.map((item) => ({
                ...item,
                to: declaration.tabPath(clusterId, id, item.id),
              }))}
              active={activeTab}
              tabId={tabId}
              panelId={panelId}
            />
            <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeTab)}>
              {declaration.content(activeTab, shown)}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
