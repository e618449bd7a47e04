import { Link } from "react-router";

export interface LinkTab<T extends string> {
  id: T;
  label: string;
  /** The address of the page with this tab open. */
  to: string;
}

interface Props<T extends string> {
  /** What the tabs are the sections of ("Instance sections"). */
  label: string;
  tabs: readonly LinkTab<T>[];
  active: T;
  /** The id of each tab, for its panel's `aria-labelledby`. */
  tabId: (tab: T) => string;
  /** The id of the panel the tabs control (the page renders it). */
  panelId: string;
}

/**
 * Vanilla tabs whose items are links: the open tab lives in the URL, so it can be shared and the
 * back button goes to the previous tab.
 */
export function LinkTabs<T extends string>({ label, tabs, active, tabId, panelId }: Props<T>) {
  return (
    <nav className="p-tabs" aria-label={label}>
      <div className="p-tabs__list" role="tablist">
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <div className="p-tabs__item" key={tab.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                id={tabId(tab.id)}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                to={tab.to}
              >
                {tab.label}
              </Link>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
