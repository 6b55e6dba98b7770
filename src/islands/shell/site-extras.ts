// The page's tiny loader for announcements (SPEC.md section 2): after the page has loaded and the browser is
// idle it asks for the popup settings and downloads the overlay only when a popup is due here; a click on a
// notice bar's [data-notice-list] button downloads the announcement list. Nothing else loads with the page.
import type { PopupView } from '../../shared/schemas/messages.ts';
import { duePopups } from '../../lib/popup-rules.ts';

interface Extras {
  locale: string;
  t: Record<string, string>;
  paths: { messages: string; deposit: string; register: string };
}

function config(): Extras | null {
  const el = document.getElementById('site-extras');
  if (!el?.dataset.config) return null;
  try {
    return JSON.parse(el.dataset.config) as Extras;
  } catch {
    return null;
  }
}

function start(): void {
  const c = config();
  if (!c) return;
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.('[data-notice-list]');
    if (!button) return;
    e.preventDefault();
    void import('../messages/NoticeList.tsx').then((m) => m.openNoticeList(c.t as never, c.locale, c.paths.messages));
  });
  const popups = () => {
    fetch('/api/system/alert/settings', { headers: { 'x-locale': c.locale } })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { data?: PopupView[] } | null) => {
        const due = duePopups(body?.data ?? [], window.location.pathname, document.cookie);
        if (due.length) return import('../popup/mount.tsx').then((m) => m.showPopups(due, c.t as never, c.paths));
        return undefined;
      })
      // A popup is an extra: a failure leaves the page as it is.
      .catch(() => undefined);
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(popups, { timeout: 3000 }) : setTimeout(popups, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

start();
