/**
 * An icon as an inline SVG element needs it: the viewBox and the shapes inside it, painted in
 * `currentColor`. Vanilla's icons come so from `virtual:vanilla-icon/<name>` (vanilla-icons-plugin.ts).
 */
export interface InlineIconParts {
  readonly viewBox: string;
  /** SVG markup (paths, circles), fixed when the app is built. */
  readonly body: string;
}
