import { startTransition, useLayoutEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";

/**
 * The app's router: React Router's `BrowserRouter`, but for the one choice it makes for every
 * change of address. `BrowserRouter` renders each change as a transition, which React renders in
 * slices of 5 ms with the browser free to render frames between them; that is right for going to
 * another page (the page shown stays until the next one's code is in, instead of a spinner for at
 * least React's 300 ms). But its `flushSync` option is only for data routers: a change that must
 * show at once (a search whose rows are already loaded) was sliced too: in Chromium traces of a
 * search keystroke, the 100 rows' render came in three slices with a frame of ~10 ms between them,
 * where it now takes one task. `changeAddressAtOnce` renders the change it wraps synchronously.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        const next = { action: update.action, location: update.location };
        const show = () => {
          setState(next);
        };
        if (atOnce) flushSync(show);
        else startTransition(show);
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/** Whether the change of address being made now is to be rendered at once. */
let atOnce = false;

/**
 * Renders the change of address that `change` makes (a `navigate` or `setSearchParams` call: the
 * router hears of it before they return) at once, not as a transition. Not from inside a render.
 */
export function changeAddressAtOnce(change: () => void): void {
  atOnce = true;
  try {
    change();
  } finally {
    atOnce = false;
  }
}
