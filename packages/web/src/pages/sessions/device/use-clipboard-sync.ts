import { useEffect, useRef, useState } from "react";
import type { DeviceState } from "@anbox-dashboard/contract";

/** Whether this page may use the system clipboard (HTTPS or localhost, and a browser that has it). */
export function clipboardAvailable(): boolean {
  return window.isSecureContext && "clipboard" in navigator;
}

/**
 * While `on`: what the device copies goes to this computer's clipboard, and what this computer's
 * clipboard holds as the page gets the focus back (a copy made in another window) goes to the
 * device (`paste`). Each text goes across once; a refusal of the browser is said (`note`).
 */
export function useClipboardSync(
  on: boolean,
  clipboard: DeviceState["clipboard"],
  paste: (text: string) => void,
): string | undefined {
  const [note, setNote] = useState<string>();
  // The last text that went either way: never sent back where it came from.
  const lastText = useRef<string | undefined>(undefined);
  const pasteRef = useRef(paste);
  useEffect(() => {
    pasteRef.current = paste;
  });

  // The device copied something: this computer's clipboard gets it.
  useEffect(() => {
    if (!on || clipboard?.source !== "device") return;
    if (clipboard.text === lastText.current) return;
    lastText.current = clipboard.text;
    navigator.clipboard.writeText(clipboard.text).then(
      () => {
        setNote(undefined);
      },
      () => {
        setNote(
          "The browser did not let the page write to the clipboard (click in the page first).",
        );
      },
    );
  }, [on, clipboard]);

  // The page gets the focus back: what was copied meanwhile goes to the device.
  useEffect(() => {
    if (!on) return;
    const readClipboard = () => {
      navigator.clipboard.readText().then(
        (text) => {
          setNote(undefined);
          if (text === "" || text === lastText.current) return;
          lastText.current = text;
          pasteRef.current(text);
        },
        () => {
          setNote("The browser did not let the page read the clipboard (allow it for this site).");
        },
      );
    };
    readClipboard();
    window.addEventListener("focus", readClipboard);
    return () => {
      window.removeEventListener("focus", readClipboard);
    };
  }, [on]);

  return on ? note : undefined;
}
