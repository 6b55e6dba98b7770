// Which popups are due on this page (SPEC.md section 4), kept apart from the overlay so the page's tiny
// loader decides without downloading React: show_type 1 only on the home path; show_mode 1 every time,
// otherwise once per cookie (POPUP_COOKIE_MINUTES), and an edited popup (new version) shows again.
import type { PopupView } from '../shared/schemas/messages.ts';

/** The home paths of both sites in both languages. */
export function isHomePath(pathname: string): boolean {
  return /^\/(en\/?)?$|^\/(en\/)?mobile\/?$/.test(pathname);
}

const popupCookieName = (id: number) => `popup_${id}`;

function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function duePopups(popups: PopupView[], pathname: string, cookies: string): PopupView[] {
  const home = isHomePath(pathname);
  return popups.filter((p) => {
    if (p.show_type === 1 && !home) return false;
    if (p.show_mode === 1) return true;
    return readCookie(cookies, popupCookieName(p.id)) !== p.version;
  });
}

/** Remembers that a popup was shown, for its cookie lifetime. */
export function rememberShown(p: PopupView): void {
  if (p.show_mode === 1) return;
  document.cookie = `${popupCookieName(p.id)}=${encodeURIComponent(p.version)}; Max-Age=${p.cookie_minutes * 60}; Path=/; SameSite=Lax`;
}
