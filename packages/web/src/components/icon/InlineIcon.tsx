import type { InlineIconParts } from "./inline-icon-parts.ts";

interface Props {
  icon: InlineIconParts;
  className?: string;
}

/**
 * A Vanilla icon drawn inline, in the colour of its text (`import pods from
 * "virtual:vanilla-icon/pods"`). Decorative: what it means is said by the text or label beside it.
 *
 * Vanilla's own `p-icon--*` classes draw an icon as a CSS background, an SVG image, and Chromium
 * makes each distinct one a document of its own (~1.3 ms each): icons in every page's first frame
 * (the navigation's) are drawn inline instead. Its class contains "p-icon", so that Vanilla's rules
 * for icons in buttons and headings (spacing, size) apply to it as to theirs.
 */
export function InlineIcon({ icon, className }: Props) {
  return (
    <svg
      className={className === undefined ? "p-icon-inline" : `p-icon-inline ${className}`}
      viewBox={icon.viewBox}
      aria-hidden="true"
      focusable="false"
      // Vanilla's shapes, read from the installed package when the app is built: no user input.
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
