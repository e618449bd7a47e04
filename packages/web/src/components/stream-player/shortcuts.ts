/** What the toolbar buttons do. */
export type PlayerAction =
  | "fullscreen"
  | "rotate"
  | "rotate-left"
  | "home"
  | "back"
  | "volume-up"
  | "volume-down"
  | "power"
  | "keyboard"
  | "screenshot"
  | "record"
  | "statistics"
  | "devtools"
  | "device-controls"
  | "share"
  | "bug-report";

/** The panels a page may put beside the player, each toggled by an action of the same name. */
export type PanelAction = "statistics" | "devtools" | "device-controls";

export const panelActions: readonly PanelAction[] = ["statistics", "devtools", "device-controls"];

/** The actions that exist only where the page offers them (its panels, its share links). */
export const pageActions: readonly PlayerAction[] = [...panelActions, "share", "bug-report"];

/** A key with Ctrl and Shift held, as Anbox Cloud's own stream page binds its actions. */
interface AnboxKey {
  /** `KeyboardEvent.key` (its upper case for letters). */
  key: string;
  /** How it is shown. */
  label: string;
}

/**
 * The player's one-letter shortcuts (the letter as typed, so it follows the keyboard layout), for
 * the actions used most; and for every action Anbox Cloud's Ctrl+Shift shortcut (its stream page's
 * table), so that a hand used to that product finds its keys here too.
 */
export const letterKeys: Readonly<Partial<Record<PlayerAction, string>>> = {
  fullscreen: "F",
  rotate: "R",
  home: "H",
  back: "B",
  keyboard: "K",
  screenshot: "S",
  statistics: "I",
  devtools: "D",
  "device-controls": "C",
  share: "L",
};

export const anboxKeys: Readonly<Record<PlayerAction, AnboxKey>> = {
  fullscreen: { key: "F", label: "F" },
  rotate: { key: "ArrowRight", label: "→" },
  "rotate-left": { key: "ArrowLeft", label: "←" },
  home: { key: "H", label: "H" },
  back: { key: "E", label: "E" },
  "volume-up": { key: "ArrowUp", label: "↑" },
  "volume-down": { key: "ArrowDown", label: "↓" },
  power: { key: "P", label: "P" },
  keyboard: { key: "K", label: "K" },
  screenshot: { key: "I", label: "I" },
  record: { key: "O", label: "O" },
  statistics: { key: "M", label: "M" },
  devtools: { key: "D", label: "D" },
  // Anbox Cloud's stream page sets the location with it; here it opens all the device's controls.
  "device-controls": { key: "G", label: "G" },
  share: { key: "S", label: "S" },
  "bug-report": { key: "B", label: "B" },
};

/** How the shortcuts of an action are shown: "R or Ctrl+Shift+→". */
export function shortcutText(action: PlayerAction): string {
  const letter = letterKeys[action];
  const anbox = `Ctrl+Shift+${anboxKeys[action].label}`;
  return letter === undefined ? anbox : `${letter} or ${anbox}`;
}

/** The same, as `aria-keyshortcuts` spells them (alternatives separated by spaces). */
export function ariaKeyShortcuts(action: PlayerAction): string {
  const letter = letterKeys[action];
  const anbox = `Control+Shift+${anboxKeys[action].key}`;
  return letter === undefined ? anbox : `${letter} ${anbox}`;
}

const actionByLetter = new Map(
  Object.entries(letterKeys).map(([action, key]) => [key, action as PlayerAction]),
);
const actionByAnboxKey = new Map(
  Object.entries(anboxKeys).map(([action, { key }]) => [key, action as PlayerAction]),
);

/**
 * The action a key press asks for, or undefined. A letter alone is the player's; Ctrl+Shift with
 * a key of Anbox's table is Anbox's binding; any other press with Ctrl, Alt or Meta is the
 * browser's (copy, reload...). A held key does not repeat an action.
 */
export function actionForKey(event: {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  repeat: boolean;
}): PlayerAction | undefined {
  if (event.repeat || event.altKey || event.metaKey) return undefined;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  if (event.ctrlKey) return event.shiftKey ? actionByAnboxKey.get(key) : undefined;
  return actionByLetter.get(key);
}
