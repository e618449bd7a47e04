import { PageHeading } from "../../../components/page-layout/PageHeading.tsx";
import { Link } from "react-router";
import type { ClusterInstance } from "../../../api/instances.ts";
import { InstanceStatusBadge } from "../shared/InstanceStatusBadge.tsx";
import { InstanceActions } from "./InstanceActions.tsx";

interface Props {
  /** What the page is about before the instance is known: the id from the URL. */
  fallbackTitle: string;
  /** Undefined while loading or when not found: then no status and no actions are offered. */
  instance: ClusterInstance | undefined;
}

/**
 * The page's header (the Vanilla panel header every page has): a breadcrumb back to the list, the
 * instance's name and status, and what can be done to it.
 */
export function InstanceDetailHeader({ fallbackTitle, instance }: Props) {
  return (
    <div className="p-panel__header page-layout__header instance-detail__header">
      <div className="instance-detail__title" data-tour="browse-your-instances">
        <nav aria-label="Breadcrumb" className="instance-detail__breadcrumb">
          <Link to="/instances">Instances</Link>
          <span aria-hidden="true"> / </span>
        </nav>
        <PageHeading className="p-panel__title instance-detail__name">
          {instance?.name ?? fallbackTitle}
        </PageHeading>
        {instance && <InstanceStatusBadge status={instance.status} />}
      </div>
      {instance && (
        <div className="p-panel__controls">
          <InstanceActions instance={instance} />
        </div>
      )}
    </div>
  );
}
