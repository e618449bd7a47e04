/**
 * Loads the dashboard afresh at `path`: what was cached belongs to a view that has ended (an admin
 * viewing as someone, or no longer). Its own module so that tests can stand in for it.
 */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
