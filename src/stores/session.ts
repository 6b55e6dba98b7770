// The player's session in the browser: token and user in localStorage (SPEC.md section 3), the
// 10-second user poll, the private realtime events, and the reload when another tab changes the token.
import { atom, computed } from 'nanostores';
import { STORAGE, USER_POLL_MS } from '../shared/constants.ts';
import { rememberPage } from '../lib/came-from.ts';
import { api, ApiFailure } from './api.ts';
import { $token, $user, clearSession, read, setToken, write, type User } from './auth-state.ts';
import { closeRealtime, onRealtime, setRealtimeToken } from './realtime.ts';
import { FORCE_PASSWORD_STATUS } from '../shared/statuses.ts';

export { $user, clearSession, setToken, type User };

/** True once the first user call has answered (either way), so islands can stop showing a loader. */
export const $sessionReady = atom(false);
export const $signedIn = computed([$token, $user], (token, user) => !!token && !!user);
/** The last realtime deposit outcome ('deposit-success' / 'deposit-fail'); the cashier islands show it and clear it. */
interface DepositEvent {
  kind: 'success' | 'fail';
  id: string;
  amount: string;
  reason: string;
}
export const $depositEvent = atom<DepositEvent | null>(null);
/** The operator's outside withdrawal page (setting withdraw_store_url); withdrawal links open it when set. */
export const $withdrawStoreUrl = atom<string>('');

/** Set when the server ended this session: 'double-login' or 'kick'. */
export const $sessionEnded = atom<'double-login' | 'kick' | null>(null);

if (typeof document !== 'undefined') {
  rememberPage();
  // Marks the page as a signed-in player's, which hides the visitor-only invitations (global.css).
  $token.subscribe((token) => {
    if (token) document.documentElement.dataset.session = 'player';
    else delete document.documentElement.dataset.session;
  });
}

export function rememberedAccount(): string {
  return read(STORAGE.rememberedAccount) ?? '';
}
export function setRememberedAccount(account: string | null): void {
  write(STORAGE.rememberedAccount, account);
}

let started = false;
let loading: Promise<void> | null = null;
let again: Promise<void> | null = null;
/** Whether the request queued in `again` must be answered from the database (one of its callers asked so). */
let againFresh = false;

/**
 * Loads the user. A call while a request is on its way may come from a change that request was answered before (a
 * win announced by the socket while the poll's request was out), so it gets one more request after that one; every
 * call made meanwhile shares it. The answer is asked fresh (`Cache-Control: no-cache`: the server reads it again
 * rather than reuse the one it keeps) unless `cached`: the page calls this after a change it made or was told of,
 * and the instance that answers may not have heard of that change yet. Only the poll and a page's first load take
 * the kept answer.
 */
export function loadUser(opts: { cached?: boolean } = {}): Promise<void> {
  const fresh = opts.cached !== true;
  if (loading) {
    againFresh ||= fresh;
    again ??= loading.then(() => {
      again = null;
      const cached = !againFresh;
      againFresh = false;
      return loadUser({ cached });
    });
    return again;
  }
  loading = (async () => {
    if (!$token.get()) {
      $user.set(null);
      return;
    }
    try {
      const user = await api('GET /auth/me', fresh ? { headers: { 'cache-control': 'no-cache' } } : {});
      $user.set(user);
      write(STORAGE.user, JSON.stringify(user));
      // A forced password change comes before anything else the player could do.
      const onUpdatePage = /^\/(en\/)?update-password\/?$/.test(window.location.pathname);
      if (user.status_force_password === FORCE_PASSWORD_STATUS.required && !onUpdatePage) {
        window.location.assign(window.location.pathname.startsWith('/en/') ? '/en/update-password' : '/update-password');
      }
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 401) clearSession();
    }
  })().finally(() => {
    loading = null;
    $sessionReady.set(true);
  });
  return loading;
}

/** Signs out: the server ends the session (a failure there changes nothing here), this page forgets it, and goes home. */
export async function endSession(homePath: string): Promise<void> {
  await api('GET /auth/logout').catch(() => undefined);
  clearSession();
  window.location.assign(homePath);
}

/** Starts the session machinery once per page: first load, polling, socket, cross-tab reload. */
export function startSession(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void loadUser({ cached: true });
  void api('GET /system/settings')
    .then((s) => $withdrawStoreUrl.set(/^https?:\/\//.test(s.withdraw_store_url ?? '') ? s.withdraw_store_url! : ''))
    .catch(() => undefined);
  window.setInterval(() => {
    if ($token.get() && document.visibilityState === 'visible') void loadUser({ cached: true });
  }, USER_POLL_MS);
  window.addEventListener('storage', (e) => {
    // Another tab logged in, out, or as someone else: this page's state is stale.
    if (e.key === STORAGE.token && e.oldValue !== e.newValue) window.location.reload();
  });
  // The private events travel on the page's shared socket (src/stores/realtime.ts), which carries the
  // token while a player is signed in; the socket client is downloaded only when a socket is wanted.
  const ended = (reason: 'double-login' | 'kick') => () => {
    clearSession();
    $sessionEnded.set(reason);
    closeRealtime();
  };
  onRealtime('double-login', ended('double-login'));
  onRealtime('kick', ended('kick'));
  for (const event of ['update-user', 'deposit', 'system-money-action']) onRealtime(event, () => void loadUser());
  // A deposit was credited or failed: the balance follows at once, and the cashier islands show the outcome.
  const depositOutcome = (kind: DepositEvent['kind']) => (payload: unknown) => {
    // A user call already under way may have read the balance before the credit: ask again after it.
    void (loading ?? Promise.resolve()).then(() => loadUser());
    const p = (payload ?? {}) as { id?: unknown; amount?: unknown; reason?: unknown };
    $depositEvent.set({ kind, id: String(p.id ?? ''), amount: String(p.amount ?? ''), reason: String(p.reason ?? '') });
  };
  onRealtime('deposit-success', depositOutcome('success'));
  onRealtime('deposit-fail', depositOutcome('fail'));
  $user.subscribe((user) => {
    const token = $token.get();
    setRealtimeToken(user && token ? token : null);
  });
}
