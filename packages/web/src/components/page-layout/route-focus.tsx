import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/** Whether the user has gone from one page of the app to another since it loaded. */
const NavigatedContext = createContext(false);

/**
 * Tells pages whether they were reached by a navigation inside the app (a link, a button, the
 * back button) rather than by loading the app: only then does a new page's heading take the focus.
 * Redirects (replacing the entry, as `/` to `/instances` does on load) do not count.
 */
export function RouteFocusProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [firstKey] = useState(location.key);
  const [navigated, setNavigated] = useState(false);
  // Set during render, so that the page this navigation mounts already reads it.
  if (!navigated && location.key !== firstKey && navigationType !== NavigationType.Replace) {
    setNavigated(true);
  }
  return <NavigatedContext value={navigated}>{children}</NavigatedContext>;
}

/**
 * Focuses `ref` (a page's heading, `tabIndex={-1}`) when the page mounts after a navigation inside
 * the app, so that keyboard and screen reader users start on the new page rather than at the top
 * of the navigation. Not on the first load (the skip link comes first then), and not when the URL
 * changes under a page that stays (its filters, sort, tab).
 */
export function useFocusAfterNavigation(ref: RefObject<HTMLElement | null>) {
  const navigated = useContext(NavigatedContext);
  // Decided once, when the page mounts.
  const [focusOnMount] = useState(navigated);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount, ref]);
}
