/** What the toolbar buttons do; each has a one-letter shortcut. */
export type PlayerAction =
  "fullscreen" | "rotate" | "home" | "back" | "keyboard" | "screenshot" | "statistics" | "share";

export const shortcutKeys: Readonly<Record<PlayerAction, string>> = {
  fullscreen: "F",
  rotate: "R",
  home: "H",
  back: "B",
  keyboard: "K",
  screenshot: "S",
  statistics: "I",
  share: "L",
};

const actionByKey = new Map(
  Object.entries(shortcutKeys).map(([action, key]) => [key, action as PlayerAction]),
);

/**
 * The action a key press asks for, or undefined. Presses with Ctrl, Alt or Meta are the browser's
 * (copy, reload...), and a held key does not repeat an action. `key` is the character typed, so
 * that the letters follow the user's keyboard layout.
 */
export function actionForKey(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  repeat: boolean;
}): PlayerAction | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return undefined;
  return actionByKey.get(event.key.toUpperCase());
}
