import { useCallback, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SessionInfo } from "../../api/session-info.ts";
import bookIcon from "virtual:vanilla-icon/book";
import closeIcon from "virtual:vanilla-icon/close";
import commentsIcon from "virtual:vanilla-icon/comments";
import infoIcon from "virtual:vanilla-icon/info";
import logOutIcon from "virtual:vanilla-icon/log-out";
import pinIcon from "virtual:vanilla-icon/pin";
import submitBugIcon from "virtual:vanilla-icon/submit-bug";
import userIcon from "virtual:vanilla-icon/user";
import { Button } from "../../vendor/react-components.ts";
import { bugTrackerUrl, discussionUrl, documentationUrl } from "../../util/links.ts";
import { InlineIcon } from "../icon/InlineIcon.tsx";
import type { InlineIconParts } from "../icon/inline-icon-parts.ts";
import { useOverlayFocus } from "../overlays/use-overlay-focus.ts";
import { tourPanelId } from "../side-panel/tour-panel-id.ts";
import { isNavItemActive, mainNavItems } from "./nav-items.ts";
import { NavigationLogo } from "./NavigationLogo.tsx";
import { useMyPermissions } from "../../queries/permissions.ts";
import { areasOf } from "../../permissions/areas.ts";

interface Props {
  info: SessionInfo;
  tourOpen: boolean;
  onToggleTour: () => void;
}

/**
 * The dark side navigation of Vanilla's application layout. Its widths come from the layout's
 * CSS (see styles.scss): hidden behind a 'Menu' button under 620 px, a rail of icons that
 * expands on hover (or pinned open) under 1681 px, fully open above. The small screens' drawer
 * behaves as an overlay: it takes the focus, keeps Tab inside, closes with Escape, and gives the
 * focus back to 'Menu'.
 */
export function Navigation({ info, tourOpen, onToggleTour }: Props) {
  const location = useLocation();
  const { pathname } = location;
  const permissions = useMyPermissions();
  const areas = permissions.data === undefined ? undefined : areasOf(permissions.data.permissions);
  // Small screens: the drawer is off-screen until 'Menu' opens it.
  const [collapsed, setCollapsed] = useState(true);
  // Medium screens: the rail can be pinned open.
  const [pinned, setPinned] = useState(false);
  const navigationRef = useRef<HTMLElement>(null);
  const closeDrawer = useCallback(() => {
    setCollapsed(true);
  }, []);
  useOverlayFocus(navigationRef, { active: !collapsed, onClose: closeDrawer });
  // A link followed: the drawer closes (the new page's heading then takes the focus).
  const [drawerLocationKey, setDrawerLocationKey] = useState(location.key);
  if (location.key !== drawerLocationKey) {
    setDrawerLocationKey(location.key);
    setCollapsed(true);
  }

  const navClass = ["l-navigation", collapsed && "is-collapsed", pinned && "is-pinned"]
    .filter(Boolean)
    .join(" ");

  return (
    <>
      <header className="l-navigation-bar">
        <div className="p-panel is-dark">
          <div className="p-panel__header">
            <NavigationLogo />
            <div className="p-panel__controls">
              <button
                type="button"
                className="p-panel__toggle"
                aria-controls="main-navigation"
                aria-expanded={!collapsed}
                onClick={() => {
                  setCollapsed(false);
                }}
              >
                Menu
              </button>
            </div>
          </div>
        </div>
      </header>
      <nav
        ref={navigationRef}
        id="main-navigation"
        aria-label="Main navigation"
        className={navClass}
      >
        <div className="l-navigation__drawer">
          <div className="p-panel is-dark">
            <div className="p-panel__header is-sticky">
              <NavigationLogo />
              <div className="p-panel__controls navigation__controls">
                <Button
                  type="button"
                  appearance="base"
                  hasIcon
                  className="is-dark u-no-margin u-hide--medium u-hide--large"
                  aria-label="Close menu"
                  onClick={closeDrawer}
                >
                  <InlineIcon icon={closeIcon} />
                </Button>
                <Button
                  type="button"
                  appearance="base"
                  hasIcon
                  className={`is-dark u-no-margin u-hide--small navigation__pin${pinned ? " is-pinned" : ""}`}
                  aria-label={pinned ? "Unpin menu" : "Pin menu"}
                  onClick={() => {
                    setPinned(!pinned);
                  }}
                >
                  {/* The pin either way (Vanilla has no unpin; an × read as "close"): pinned, it
                      is drawn pressed. */}
                  <InlineIcon icon={pinIcon} />
                </Button>
              </div>
            </div>
            <div className="p-panel__content">
              <div className="p-side-navigation--icons is-dark navigation__content">
                <ul className="p-side-navigation__list">
                  {mainNavItems(info, areas).map((item) => (
                    <li className="p-side-navigation__item" key={item.to}>
                      <Link
                        className="p-side-navigation__link"
                        to={item.to}
                        aria-current={isNavItemActive(item, pathname) ? "page" : undefined}
                      >
                        <InlineIcon icon={item.icon} className="p-side-navigation__icon" />
                        <span className="p-side-navigation__label">{item.label}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
                <ul className="p-side-navigation__list navigation__bottom">
                  <li className="p-side-navigation__item u-hide--small u-hide--medium">
                    <button
                      type="button"
                      className="p-side-navigation__link navigation__button"
                      aria-controls={tourPanelId}
                      aria-expanded={tourOpen}
                      onClick={onToggleTour}
                    >
                      <InlineIcon icon={infoIcon} className="p-side-navigation__icon" />
                      <span className="p-side-navigation__label">Get started</span>
                    </button>
                  </li>
                  <ExternalNavLink href={documentationUrl} icon={bookIcon} label="Documentation" />
                  <ExternalNavLink href={discussionUrl} icon={commentsIcon} label="Discussion" />
                  <ExternalNavLink href={bugTrackerUrl} icon={submitBugIcon} label="Report a bug" />
                  <li className="p-side-navigation__item navigation__account">
                    <Link
                      className="p-side-navigation__link navigation__user"
                      to="/profile"
                      aria-current={pathname === "/profile" ? "page" : undefined}
                    >
                      <InlineIcon icon={userIcon} className="p-side-navigation__icon" />
                      <span className="p-side-navigation__label">{info.user.fullname}</span>
                    </Link>
                    {/* A plain link: /logout is served by the server, not by the app's router. */}
                    <a className="p-side-navigation__link navigation__logout" href="/logout">
                      <InlineIcon icon={logOutIcon} className="p-side-navigation__icon" />
                      <span className="p-side-navigation__label">Log out</span>
                    </a>
                  </li>
                </ul>
              </div>
            </div>
          </div>
        </div>
      </nav>
    </>
  );
}

interface ExternalNavLinkProps {
  href: string;
  icon: InlineIconParts;
  label: string;
}

function ExternalNavLink({ href, icon, label }: ExternalNavLinkProps) {
  return (
    <li className="p-side-navigation__item">
      <a className="p-side-navigation__link" href={href} target="_blank" rel="noreferrer">
        <InlineIcon icon={icon} className="p-side-navigation__icon" />
        <span className="p-side-navigation__label">{label}</span>
      </a>
    </li>
  );
}
