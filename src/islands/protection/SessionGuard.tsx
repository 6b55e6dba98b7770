// The time of this session, for a signed-in player: in the page's header (the desktop top bar, the phone's
// sticky title bar) where a place is kept for it, so it never floats over game tiles or menu items. It also raises the reality
// check every chosen interval (the dialog is downloaded only when it first appears) and ends the session when
// the player's session limit is reached (the server ends it too; this only makes it prompt).
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { api, ApiFailure, configureApi } from '../../stores/api.ts';
import { $user, clearSession, endSession, startSession } from '../../stores/session.ts';
import type { Locale } from '../../shared/constants.ts';
import type { ProtectionStatus } from '../../shared/schemas/protection.ts';
import { taipeiDateTime } from '../../shared/time.ts';

const RealityCheck = lazy(() => import('./RealityCheck.tsx'));

export const SESSION_GUARD_KEYS = [
  'protection.session_time',
  'protection.reality_title',
  'protection.reality_text',
  'protection.continue',
  'protection.logout',
  'error.network',
  'protection.restricted_title',
  'protection.kind.timeout',
  'protection.kind.self_exclusion',
  'protection.until.permanent',
  'protection.title',
  'protection.restricted_short',
] as const;
type T = Record<(typeof SESSION_GUARD_KEYS)[number], string>;

/** The id of the element the layouts keep for the session time in their header. */
export const SESSION_TIME_SLOT_ID = 'session-time-slot';

/** How often the settings (interval, limit) are read again, so a change on another page takes effect. */
const STATUS_REFRESH_MS = 5 * 60_000;
const TICK_MS = 1000;

function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

export default function SessionGuard({
  t,
  locale,
  variant,
  home,
  protectionPath,
}: {
  t: T;
  locale: Locale;
  variant: 'desktop' | 'mobile';
  home: string;
  protectionPath: string;
}) {
  useState(() => {
    if (typeof window !== 'undefined') configureApi(locale, t['error.network']);
    return true;
  });
  useEffect(() => startSession(), []);
  const user = useStore($user);
  const [status, setStatus] = useState<ProtectionStatus | null>(null);
  const [now, setNow] = useState(() => Date.now());
  /** The reality check last shown or dismissed at this many intervals into the session. */
  const [seen, setSeen] = useState(0);
  const [open, setOpen] = useState(false);
  /** The header's place for the session time; a page without one shows it in a corner. */
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(SESSION_TIME_SLOT_ID)), []);

  useEffect(() => {
    if (!user) {
      setStatus(null);
      return;
    }
    let live = true;
    const load = () =>
      api('GET /protection/status').then(
        (s) => {
          if (live) setStatus(s);
        },
        (err: unknown) => {
          // The session limit was reached: the server has ended the session.
          if (err instanceof ApiFailure && err.body?.protection?.reason === 'session') {
            clearSession();
            window.location.assign(home);
          }
        },
      );
    void load();
    const id = window.setInterval(() => void load(), STATUS_REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(id);
    };
  }, [user?.id]);

  useEffect(() => {
    if (!status?.session.started_at) return;
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [status?.session.started_at]);

  const started = status?.session.started_at ? Date.parse(status.session.started_at) : undefined;
  const elapsed = started === undefined ? 0 : now - started;
  const interval = status?.reality_check_minutes ? status.reality_check_minutes * 60_000 : 0;
  const due = interval ? Math.floor(elapsed / interval) : 0;
  useEffect(() => {
    if (!status?.session.started_at || !due) return;
    // Remembered per session across pages, so a dismissed check does not come back on the next page.
    const key = `reality-seen:${status.session.started_at}`;
    const stored = Number(sessionStorage.getItem(key) ?? '0');
    if (due > Math.max(seen, stored)) {
      setSeen(due);
      sessionStorage.setItem(key, String(due));
      setOpen(true);
    }
  }, [due, status?.session.started_at]);
  const limitMs = status?.session_limit.minutes ? status.session_limit.minutes * 60_000 : 0;
  useEffect(() => {
    // Asking the server makes it end the session and answer with the session-limit refusal handled above.
    if (limitMs && elapsed >= limitMs)
      void api('GET /protection/status').catch((err: unknown) => {
        if (err instanceof ApiFailure && err.body?.protection?.reason === 'session') {
          clearSession();
          window.location.assign(home);
        }
      });
  }, [limitMs > 0 && elapsed >= limitMs]);

  if (!user || started === undefined) return null;
  const logout = () => endSession(home);
  const place = slot ? '' : variant === 'desktop' ? 'fixed bottom-3 left-3 z-40' : 'fixed bottom-20 left-2 z-40';
  const timer = (
    <div
      className={`${place} whitespace-nowrap rounded-full bg-brand-800/90 px-3 py-1 text-xs text-white shadow`}
      data-testid="session-time"
      role="timer"
      aria-live="off"
    >
      {t['protection.session_time']} {clock(elapsed)}
    </div>
  );
  return (
    <>
      {slot ? createPortal(timer, slot) : timer}
      {status?.exclusion && (
        // The restricted view: every page says so, and links to the protection page with the details.
        <a
          href={protectionPath}
          className={`fixed ${variant === 'desktop' ? 'bottom-3 right-3' : 'left-2 right-2 top-14'} z-40 block rounded bg-amber-100 px-3 py-2 text-xs text-amber-900 shadow`}
          data-testid="restricted-notice"
        >
          {t['protection.restricted_short']
            .replace('{kind}', t[`protection.kind.${status.exclusion.kind}`])
            .replace(
              '{until}',
              status.exclusion.ends_at ? `${taipeiDateTime(Date.parse(status.exclusion.ends_at), 'minute')} (GMT+8)` : t['protection.until.permanent'],
            )}
        </a>
      )}
      {open && (
        <Suspense fallback={null}>
          <RealityCheck t={t} minutes={Math.floor(elapsed / 60_000)} onContinue={() => setOpen(false)} onLogout={() => void logout()} />
        </Suspense>
      )}
    </>
  );
}
