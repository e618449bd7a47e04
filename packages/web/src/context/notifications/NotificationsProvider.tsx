import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { toastRelayOf } from "../query-client.ts";
import { endedOperation } from "./ended-operation.ts";
import { resolveEndedToasts, type NewToast, type ToastItem } from "./toast-list.ts";
import { ToastsContext, type ToastsState } from "./toasts-context.ts";
import { ToastView } from "./ToastView.tsx";
import { useToast } from "./use-toast.ts";

interface Shown {
  toasts: readonly ToastItem[];
  /** The toast shown on its own for a while (`popupMs`). */
  popupId: number | undefined;
}

/** How long a new toast shows on its own (it stays in the list). */
const popupMs = 5000;

/**
 * Toasts (`useToast`) for the results of actions, listed in the status bar. Mounted under the
 * QueryClient, whose mutations' toasts it shows too. A toast about a started action waits for its
 * operation, read from the cached operations lists the events keep current, and is resolved when
 * it ends. The toasts are drawn in the status bar's slot (`ToastSlot`), so that they take room
 * above it instead of covering the page; without one (a page alone in a test), after the page.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The list and the one shown on its own change together: one state.
  const [{ toasts, popupId }, setShown] = useState<Shown>({ toasts: [], popupId: undefined });
  // Which popup the pointer or the focus holds: a popup replaced or dismissed under the pointer
  // gets no leave or blur, and the next one must not stay for good.
  const [heldId, setHeldId] = useState<number>();
  const held = heldId !== undefined && heldId === popupId;
  const [listOpen, setListOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const lastId = useRef(0);

  const next = useCallback(() => {
    lastId.current += 1;
    return { id: lastId.current, time: Date.now() };
  }, []);

  // The shown toasts with those whose operation has ended resolved; the same object when none.
  const resolveEnded = useCallback(
    (current: Shown): Shown => {
      const resolved = resolveEndedToasts(
        current.toasts,
        (operation) => endedOperation(queryClient, operation),
        next,
      );
      if (resolved === current.toasts) return current;
      // A resolved toast's replacement shows on its own, as a new toast does.
      const replacement = resolved.find((toast) => !current.toasts.includes(toast));
      const stillShown = resolved.some((toast) => toast.id === current.popupId);
      return {
        toasts: resolved,
        popupId: replacement?.id ?? (stillShown ? current.popupId : undefined),
      };
    },
    [queryClient, next],
  );

  // A new toast's operation may have ended already (before the call that started it answered).
  const add = useCallback(
    (toast: NewToast) => {
      const made: ToastItem = { ...toast, ...next() };
      setShown((current) => resolveEnded({ toasts: [...current.toasts, made], popupId: made.id }));
    },
    [next, resolveEnded],
  );

  // Whenever the cached operations change (the events write them there), ended ones resolve.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "updated") setShown(resolveEnded);
      }),
    [queryClient, resolveEnded],
  );

  // The popup goes after a while, unless the pointer or the focus is on it.
  useEffect(() => {
    if (popupId === undefined || held) return;
    const timer = setTimeout(() => {
      setShown((current) => ({ ...current, popupId: undefined }));
    }, popupMs);
    return () => {
      clearTimeout(timer);
    };
  }, [popupId, held]);

  const state = useMemo<ToastsState>(
    () => ({
      toasts,
      popup: listOpen ? undefined : toasts.find((toast) => toast.id === popupId),
      listOpen: listOpen && toasts.length > 0,
      add,
      dismiss: (id) => {
        setShown((current) => ({
          toasts: current.toasts.filter((toast) => toast.id !== id),
          popupId: current.popupId === id ? undefined : current.popupId,
        }));
      },
      dismissAll: () => {
        setShown({ toasts: [], popupId: undefined });
        setListOpen(false);
      },
      toggleList: () => {
        setShown((current) => ({ ...current, popupId: undefined }));
        setListOpen((open) => !open);
      },
      holdPopup: (hold) => {
        setHeldId(hold ? popupId : undefined);
      },
      setSlot,
    }),
    [toasts, popupId, listOpen, add],
  );

  return (
    <ToastsContext.Provider value={state}>
      <MutationToasts />
      {children}
      {slot === null ? <ToastView /> : createPortal(<ToastView />, slot)}
    </ToastsContext.Provider>
  );
}

/** Connects the QueryClient's toast relay to these toasts while mounted. */
function MutationToasts() {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => toastRelayOf(queryClient)?.connect(toast), [queryClient, toast]);
  return null;
}
