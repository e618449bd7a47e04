import { useId, useLayoutEffect, type ReactNode, type RefObject } from "react";
import { Modal as VanillaModal } from "../../vendor/react-components.ts";
import { focusedElement, returnFocus } from "./return-focus.ts";
import "./_modal.scss";

export interface ModalProps {
  title: ReactNode;
  /** Called by the close button, Escape and a click outside the dialog. */
  close: () => void;
  /** The buttons under the content. */
  buttonRow?: ReactNode;
  /** What takes the focus on opening; by default the close button. */
  focusRef?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/**
 * The dashboard's modal dialog: Vanilla's (react-components), which moves the focus in, keeps Tab
 * inside and closes with Escape, plus what it lacks: on closing, the focus goes back to what
 * opened it (or to the page's heading when that is gone or nothing did).
 */
export function Modal({ title, close, buttonRow, focusRef, className, children }: ModalProps) {
  const overlayId = useId();
  // A layout effect: it sees the opener before the dialog's own effect moves the focus into it,
  // and gives the focus back before the dialog leaves the page.
  useLayoutEffect(() => {
    const opener = focusedElement();
    return () => {
      returnFocus(opener, document.getElementById(overlayId));
    };
  }, [overlayId]);
  return (
    <VanillaModal
      id={overlayId}
      title={title}
      close={close}
      focusRef={focusRef}
      className={className}
    >
      {children}
      {/* Not Vanilla's buttonRow: it draws a <footer>, a second "contentinfo" landmark beside
          the status bar's while the dialog is open. */}
      {buttonRow !== undefined && <div className="p-modal__footer">{buttonRow}</div>}
    </VanillaModal>
  );
}
