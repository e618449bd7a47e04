/**
 * How to leave the terminal, which otherwise keeps every key for the shell (WCAG 2.1.2, no
 * keyboard trap): Escape, then Tab (Shift+Tab to go back). Escape alone still reaches the shell
 * (vi needs it), and so does a Tab after anything else (completion); only the Tab that comes right
 * after an Escape leaves, the pair CodeMirror uses too. A shell seldom needs Escape-Tab (readline
 * binds it to inserting a tab; vi's Ctrl+I equivalent), and Ctrl+] (telnet's) would take vi's
 * jump-to-tag, and Ctrl+M would be Enter.
 */
export const terminalExitKeys = { first: "Escape", then: "Tab" } as const;

/** The keyboard event's parts the decision needs (xterm hands over the browser's events). */
export interface TerminalKeyEvent {
  type: string;
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** Where a key goes: to the shell, or out of the terminal (forward, or back with Shift). */
export type TerminalKeyOutcome = "shell" | "leave-forward" | "leave-backward";

const modifierKeys = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

/**
 * A watcher of one terminal's key presses, in the order they come: answers for each whether it
 * goes to the shell or leaves the terminal. Only key downs count; modifiers pressed on their own
 * (the Shift of Shift+Tab) neither arm nor disarm it.
 */
export function createTerminalExitWatcher(): (event: TerminalKeyEvent) => TerminalKeyOutcome {
  let escapePressed = false;
  return (event) => {
    if (event.type !== "keydown" || modifierKeys.has(event.key)) return "shell";
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    if (escapePressed && plain && event.key === terminalExitKeys.then) {
      escapePressed = false;
      return event.shiftKey ? "leave-backward" : "leave-forward";
    }
    escapePressed = plain && !event.shiftKey && event.key === terminalExitKeys.first;
    return "shell";
  };
}
