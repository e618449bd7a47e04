import { startTransition, useLayoutEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import {
  NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Navigator,
  type To,
} from "react-router";
import { LeaveConfirmation } from "../components/form/leave-guard/LeaveConfirmation.tsx";
import { LeaveGuards } from "../components/form/leave-guard/leave-guards.ts";
import { LeaveGuardsContext } from "../components/form/leave-guard/leave-guards-context.ts";

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
  const [guards] = useState(() => new LeaveGuards());
  const [navigator] = useState(() => guardedNavigator(history, guards));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    // Back or Forward to another page from a form with unsaved input: the address has changed
    // already, so it is put back, and the same step made again if the person chooses to leave.
    let undoing = false;
    let letThrough = false;
    let shownPath = history.location.pathname;
    return history.listen((update) => {
      if (undoing) {
        undoing = false;
        return;
      }
      const delta = update.delta;
      const leaves = update.location.pathname !== shownPath;
      if (update.action === NavigationType.Pop && leaves && !letThrough && delta !== null) {
        if (guards.blocking()) {
          undoing = true;
          history.go(-delta);
          guards.hold(() => {
            letThrough = true;
            history.go(delta);
          });
          return;
        }
      }
      letThrough = false;
      shownPath = update.location.pathname;
      const next = { action: update.action, location: update.location };
      const show = () => {
        setState(next);
      };
      if (atOnce) flushSync(show);
      else startTransition(show);
    });
  }, [history, guards]);
  return (
    <LeaveGuardsContext value={guards}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
        <LeaveConfirmation guards={guards} />
      </Router>
    </LeaveGuardsContext>
  );
}

/**
 * The history as the router moves it: a move to another page away from unsaved input waits for
 * the person. A change of the query on the same page (a search, a filter) is no leaving; `go`
 * (Back, Forward) is judged by the history listener once its address is known.
 */
function guardedNavigator(
  history: ReturnType<typeof createBrowserHistory>,
  guards: LeaveGuards,
): Navigator {
  const guarded = (to: To, move: () => void): void => {
    const leaves = history.createURL(to).pathname !== history.location.pathname;
    if (leaves && guards.blocking()) guards.hold(move);
    else move();
  };
  return {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => {
      history.go(delta);
    },
    push: (to, state) => {
      guarded(to, () => {
        history.push(to, state);
      });
    },
    replace: (to, state) => {
      guarded(to, () => {
        history.replace(to, state);
      });
    },
  };
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
