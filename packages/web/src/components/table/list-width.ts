import { createContext } from "react";

/**
 * The width (rem) a list has, measured once by the list's frame (`ListView`) before any row
 * renders, so that the first rows render with the columns of their width; its filters read it too.
 * Undefined: not measured (every column shows, every filter is in sight).
 */
export const ListWidthContext = createContext<number | undefined>(undefined);

/**
 * Narrower than this (rem: about a phone held upright), a list is narrow: a table would show two or
 * three columns and hide the rest, so rows show as cards; the filters would fill the screen before
 * the first row, so they fold. The stylesheets' container queries use the same width.
 */
export const narrowListBelowRem = 36;
