import { useState } from "react";

type Outcome = "idle" | "copied" | "failed";

/**
 * Copies `text` to the clipboard and says so beside itself (a polite status). The clipboard
 * is only there on a secure page (https, or this machine): elsewhere it says to copy by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<Outcome>("idle");
  const copy = async () => {
    try {
      // Missing on a page that is not secure, though typed as always there.
      if (typeof navigator.clipboard === "undefined") throw new Error("No clipboard");
      await navigator.clipboard.writeText(text);
      setOutcome("copied");
    } catch {
      setOutcome("failed");
    }
  };
  return (
    <p>
      <button
        type="button"
        className="p-button is-dense u-no-margin--bottom"
        onClick={() => {
          void copy();
        }}
      >
        {label}
      </button>
      <span role="status">
        {outcome === "copied" && "Copied"}
        {outcome === "failed" && "This page cannot use the clipboard: select the text and copy it."}
      </span>
    </p>
  );
}
