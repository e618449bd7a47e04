import { createContext, useContext } from "react";
import type { NewToast, ToastItem } from "./toast-list.ts";

/** The toasts and what can be done with them (`NotificationsProvider`). */
export interface ToastsState {
  toasts: readonly ToastItem[];
  /** The toast shown on its own for a few seconds after it came, if any. */
  popup: ToastItem | undefined;
  listOpen: boolean;
  add: (toast: NewToast) => void;
  dismiss: (id: number) => void;
  dismissAll: () => void;
  toggleList: () => void;
  /** Keeps the popup toast while the pointer or the focus is on it. */
  holdPopup: (held: boolean) => void;
  /** Where the toasts are drawn: the status bar's slot (`ToastSlot`); elsewhere after the page. */
  setSlot: (element: HTMLElement | null) => void;
}

const noToasts: ToastsState = {
  toasts: [],
  popup: undefined,
  listOpen: false,
  add: () => undefined,
  dismiss: () => undefined,
  dismissAll: () => undefined,
  toggleList: () => undefined,
  holdPopup: () => undefined,
  setSlot: () => undefined,
};

export const ToastsContext = createContext<ToastsState>(noToasts);

/** The toasts of the `NotificationsProvider` above (none without one). */
export function useToasts(): ToastsState {
  return useContext(ToastsContext);
}

/** The id of the toast list, for the status bar's toggle to name what it controls. */
export const toastListId = "toast-list";
