// The player's wallets in the browser: the platform wallet list of POST /api/games/wallet, refreshed on
// demand with one shared request at a time, and the money commands the wallet screens share.
import { atom } from 'nanostores';
import { api, ApiFailure } from './api.ts';
import { showAlert } from './ui.ts';
import { $user, loadUser, type User } from './session.ts';
import type { BonusWalletView } from '../shared/user.ts';
import type { PlatformWalletView, TransferResultView } from '../shared/schemas/wallet.ts';
import { BONUS_WALLET_STATUS } from '../shared/statuses.ts';

/** One game platform's wallet (PlatformWalletView of the server). `wallet` is a decimal string or 'maintain'. */
export type PlatformWallet = PlatformWalletView;

/** An activity (bonus) wallet as GET /api/auth/me and /api/auth/autoTransfer/get/{code} send it. */
export type BonusWallet = BonusWalletView;

export type TransferResult = TransferResultView;

export const MAINTAIN = 'maintain';

/** null until the list was loaded once on this page. */
export const $platformWallets = atom<PlatformWallet[] | null>(null);
export const $walletsLoading = atom(false);

/** The activity wallets of the user that are still active (status 1). */
export function activeBonusWallets(user: User | null): BonusWallet[] {
  return (user?.player_bonus_wallet ?? []).filter((w) => w.status === BONUS_WALLET_STATUS.active);
}

/** Whether an activity wallet may fund a platform. */
export function bonusAllows(w: BonusWallet, code: string): boolean {
  return !w.wallet.length || w.wallet.includes(code);
}

let inflight: Promise<PlatformWallet[]> | null = null;
let inflightForced = false;

/**
 * Reloads the platform wallets. Overlapping calls share one request; a forced call (live balances from the
 * providers) that arrives while a plain one runs waits for it and then asks again, so it never gets stale figures.
 */
export function refreshWallets(force = false): Promise<PlatformWallet[]> {
  if (inflight && (inflightForced || !force)) return inflight;
  const previous = inflight;
  const run = fetchWallets(previous, force).finally(() => {
    if (inflight === run) {
      inflight = null;
      $walletsLoading.set(false);
    }
  });
  inflight = run;
  inflightForced = force;
  return run;
}

async function fetchWallets(previous: Promise<unknown> | null, force: boolean): Promise<PlatformWallet[]> {
  if (previous) await previous.catch(() => undefined);
  $walletsLoading.set(true);
  const list = await api('POST /games/wallet', { body: { forceUpdate: force } });
  $platformWallets.set(list);
  return list;
}

/** The text to show for a failed call: the first field message when there is one, else the server's message. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiFailure) {
    const fields = err.body?.error ?? {};
    for (const [key, list] of Object.entries(fields)) if (key !== 'modal' && list?.length) return list[0]!;
    return err.message || fallback;
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Shows a failure in the shared alert, unless the API client already did (403) or the session ended (401). */
export function alertFailure(err: unknown, fallback: string, prefix = ''): void {
  if (err instanceof ApiFailure && (err.status === 401 || (err.status === 403 && !err.body?.forget))) return;
  showAlert(prefix + failureText(err, fallback));
}

/** A fresh idempotency key for one money command (a retry of the same submit would reuse it). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reloads the user and, when the list is on screen, the platform wallets with live balances. */
export async function refreshAll(): Promise<void> {
  await Promise.all([loadUser(), $platformWallets.get() ? refreshWallets(true).catch(() => undefined) : undefined]);
}

/** Recovers every platform wallet (POST /api/players/withdrawAll) and starts a refresh. Answers the server's message. */
export async function recoverAll(): Promise<string> {
  let message = '';
  await api('POST /players/withdrawAll', {
    headers: { 'idempotency-key': newIdempotencyKey() },
    onMessage: (m) => {
      message = m;
    },
  });
  // The balances follow in the background; the caller shows the answer at once.
  void Promise.all([loadUser(), refreshWallets(true).catch(() => undefined)]);
  return message;
}

// When the user reloads (the 10 s poll, the realtime 'update-user' event, a transfer) and the money in it
// moved, the platform list on screen follows; a signed-out page forgets it.
if (typeof window !== 'undefined') {
  let last = '';
  $user.listen((user) => {
    if (!user) {
      last = '';
      $platformWallets.set(null);
      return;
    }
    const now = `${user.amount}|${user.total_money}|${user.player_bonus_wallet_sum}`;
    const moved = last !== '' && now !== last;
    last = now;
    if (moved && $platformWallets.get()) void refreshWallets(false).catch(() => undefined);
  });
}
