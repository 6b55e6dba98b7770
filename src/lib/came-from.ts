// Where a player was before the registration form, so declining the deposit question after registering goes
// back there rather than to the home page. The site sends no Referer (helmet's no-referrer policy), so each page notes
// its own path in sessionStorage, except registration pages themselves.
const KEY = 'lh.came_from';
const REGISTER_RE = /\/(register|f-entry\/register)\/?$/;

/** Notes the current page as the one a later registration came from. */
export function rememberPage(): void {
  try {
    if (REGISTER_RE.test(window.location.pathname)) return;
    sessionStorage.setItem(KEY, `${window.location.pathname}${window.location.search}`);
  } catch {
    // Storage may be refused; then registration ends at home.
  }
}

/** The same-site page that led to the registration form, or `home`. */
export function cameFrom(home: string): string {
  try {
    const path = sessionStorage.getItem(KEY) ?? '';
    // Only a path on this site: '/x', never '//host' or a scheme.
    if (/^\/(?!\/)/.test(path) && !REGISTER_RE.test(path.split('?')[0]!)) return path;
  } catch {
    // As above.
  }
  return home;
}
