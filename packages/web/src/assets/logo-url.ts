// The product's mark, as a file of the build named by its content: the browser keeps it for good
// and does not ask again. Served as /favicon.svg it was asked for again (no-cache, a revalidation)
// on every page load, for the icon and for the logo, and for the icon at every change of address
// (each keystroke of a list's search). Not inlined: a data URL would weigh on the first load's
// script budget (performance/first-load-budget.ts) for a file the browser caches anyway.
import logoUrl from "./anbox-logo.svg?no-inline";

export { logoUrl };
