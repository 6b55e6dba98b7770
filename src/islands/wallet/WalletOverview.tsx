// The wallet overview (desktop /member/wallet, mobile /mobile/f-wallet/wallet): central wallet, total assets,
// activity wallets with unlock and give-up (SPEC.md section 4), and the platform wallets.
import { useState } from 'react';
import { loadUser } from '../../stores/session.ts';
import { showAlert, showConfirm } from '../../stores/ui.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { MAINTAIN, alertFailure, recoverAll, refreshWallets, type BonusWallet } from '../../stores/wallet.ts';
import { usePlayerWallets, walletText } from './common.tsx';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { BONUS_WALLET_STATUS } from '../../shared/statuses.ts';

export const WALLET_OVERVIEW_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'wallet.central',
  'wallet.total',
  'wallet.activity_wallets',
  'wallet.platform_wallets',
  'wallet.recover_all',
  'wallet.recovering',
  'wallet.refresh',
  'wallet.loading',
  'wallet.maintain',
  'wallet.pending',
  'wallet.empty_platforms',
  'wallet.no_activity',
  'wallet.unlock',
  'wallet.give_up',
  'wallet.give_up_confirm',
  'wallet.bet_progress',
  'wallet.error_prefix',
  'wallet.status_active',
  'wallet.status_unlocked',
  'wallet.status_given_up',
  'wallet.go_transfer',
  'wallet.records',
  'wallet.usable_on',
  'wallet.all_platforms',
  'error.generic',
  'error.network',
] as const;
type T = Record<(typeof WALLET_OVERVIEW_KEYS)[number], string>;

/** What a figure's place holds until the figure is known: a space, so the line keeps its height and shows no number. */
const PENDING = '\u00a0';

interface Props {
  t: T;
  locale: Locale;
  variant: Variant;
  paths: { transfer: string; records: string };
  /** How many platform wallets the list will likely hold (the page counts the site's transfer platforms), so their
   * room is kept while they load and what is under the list does not move when they arrive. */
  platformCount?: number;
}

export default function WalletOverview({ t, locale, variant, paths, platformCount = 0 }: Props) {
  usePageSetup(locale, t['error.network']);
  const { user, ready, platforms, loading } = usePlayerWallets(t['error.network']);
  const [busy, setBusy] = useState<string | null>(null);

  if (ready && !user) return <LoginPrompt t={t} variant={variant} />;
  const mobile = variant === 'mobile';
  const bonuses = user?.player_bonus_wallet ?? [];
  const names = new Map((platforms ?? []).map((p) => [p.code, p.name]));

  const run = async (key: string, work: () => Promise<string>, errorPrefix = '') => {
    if (busy) return;
    setBusy(key);
    try {
      const message = await work();
      if (message) showAlert(message);
    } catch (err) {
      alertFailure(err, t['error.generic'], errorPrefix);
    } finally {
      setBusy(null);
    }
  };
  const bonusCall = (route: 'POST /players/bonusTransfer' | 'POST /auth/giveUpBonusWallet', id: number) => async () => {
    let message = '';
    await api(route, {
      body: { player_bonus_wallet_id: id },
      onMessage: (m) => {
        message = m;
      },
    });
    await Promise.all([loadUser(), refreshWallets(false).catch(() => undefined)]);
    return message;
  };
  const unlock = (w: BonusWallet) => void run(`unlock-${w.id}`, bonusCall('POST /players/bonusTransfer', w.id), t['wallet.error_prefix']);
  const giveUp = (w: BonusWallet) =>
    showConfirm({
      message: fill(t['wallet.give_up_confirm'], { name: w.name }),
      onConfirm: () => void run(`giveup-${w.id}`, bonusCall('POST /auth/giveUpBonusWallet', w.id), t['wallet.error_prefix']),
    });
  const statusLabel = (s: number) => (s === 1 ? t['wallet.status_active'] : s === 2 ? t['wallet.status_unlocked'] : t['wallet.status_given_up']);

  // Until the session call answers, a signed-in player (html[data-session], set before the first paint) sees the
  // overview's frame, its words, links and the room its figures take, with no figure in it; a visitor sees the
  // loader and then the login prompt. The frame's elements are the ones the figures are written into, so the
  // first paint already shows the page's largest text and the figures that follow do not move it.
  const known = !!user;
  return (
    <>
      {!ready && (
        <div className="visitor-only">
          <Spinner label={t['wallet.loading']} />
        </div>
      )}
      <div data-testid={known ? 'wallet-overview' : undefined} className={`space-y-5 ${known ? '' : 'player-only'}`} aria-busy={!known || undefined}>
        <section className={`rounded-lg p-4 ${mobile ? 'bg-brand-700 text-white shadow' : 'border border-slate-200'}`}>
          <div className="grid grid-cols-2 gap-4">
            <div>
              <p className={`text-xs ${mobile ? 'text-slate-300' : 'text-slate-500'}`}>{t['wallet.central']}</p>
              <p className={`text-2xl font-bold ${mobile ? 'text-gold-300' : 'text-brand-700'}`} data-testid={known ? 'central-balance' : undefined}>
                {user ? formatDecimal(user.amount) : PENDING}
              </p>
            </div>
            <div>
              <p className={`text-xs ${mobile ? 'text-slate-300' : 'text-slate-500'}`}>{t['wallet.total']}</p>
              <p className="text-2xl font-bold" data-testid={known ? 'total-balance' : undefined}>
                {user ? formatDecimal(user.total_money) : PENDING}
              </p>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={paths.transfer} className={`btn-primary ${mobile ? 'flex-1' : ''}`}>
              {t['wallet.go_transfer']}
            </a>
            <button
              type="button"
              className={`btn-secondary disabled:opacity-60 ${mobile ? 'flex-1' : ''}`}
              disabled={!known || busy !== null}
              onClick={() => void run('recover', recoverAll)}
              data-testid={known ? 'recover-all' : undefined}
            >
              {busy === 'recover' ? t['wallet.recovering'] : t['wallet.recover_all']}
            </button>
            <a href={paths.records} className={`self-center text-sm underline ${mobile ? 'w-full text-center text-slate-200' : 'ml-auto text-brand-600'}`}>
              {t['wallet.records']}
            </a>
          </div>
        </section>

        <section aria-labelledby="activity-heading">
          <h2 id="activity-heading" className="mb-2 font-semibold text-brand-700">
            {t['wallet.activity_wallets']}
          </h2>
          {!bonuses.length ? (
            <p
              className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-500"
              data-testid={known ? 'no-activity' : undefined}
            >
              {known ? t['wallet.no_activity'] : PENDING}
            </p>
          ) : (
            <ul className={`grid gap-3 ${mobile ? '' : 'sm:grid-cols-2'}`}>
              {bonuses.map((w) => (
                <li
                  key={w.id}
                  className={`rounded-lg border border-slate-200 bg-white p-4 ${w.status === BONUS_WALLET_STATUS.active ? '' : 'opacity-70'}`}
                  data-testid="activity-wallet"
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold">{w.name}</p>
                    <span
                      className={`shrink-0 rounded px-2 py-0.5 text-xs ${w.status === BONUS_WALLET_STATUS.active ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
                    >
                      {statusLabel(w.status)}
                    </span>
                  </div>
                  <p className="mt-1 text-xl font-bold text-brand-700">{formatDecimal(w.money)}</p>
                  {Number(w.bonus_bet) > 0 && (
                    <p className="mt-1 text-xs text-slate-500">
                      {fill(t['wallet.bet_progress'], { now: formatDecimal(w.bonus_now_bet), target: formatDecimal(w.bonus_bet) })}
                    </p>
                  )}
                  <p className="mt-1 text-xs text-slate-500">
                    {t['wallet.usable_on']}: {w.wallet.length ? w.wallet.map((c) => names.get(c) ?? c).join(', ') : t['wallet.all_platforms']}
                  </p>
                  {w.status === BONUS_WALLET_STATUS.active && (w.is_unlock || w.can_give_up) && (
                    <div className="mt-3 flex gap-2">
                      {w.is_unlock && (
                        <button
                          type="button"
                          className="btn-primary h-8 px-3 text-sm disabled:opacity-60"
                          disabled={busy !== null}
                          onClick={() => unlock(w)}
                          data-testid="unlock"
                        >
                          {t['wallet.unlock']}
                        </button>
                      )}
                      {w.can_give_up && (
                        <button
                          type="button"
                          className="btn-secondary h-8 px-3 text-sm disabled:opacity-60"
                          disabled={busy !== null}
                          onClick={() => giveUp(w)}
                          data-testid="give-up"
                        >
                          {t['wallet.give_up']}
                        </button>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="platforms-heading">
          <div className="mb-2 flex items-center justify-between">
            <h2 id="platforms-heading" className="font-semibold text-brand-700">
              {t['wallet.platform_wallets']}
            </h2>
            <button
              type="button"
              className="text-sm text-brand-600 underline disabled:opacity-50"
              disabled={!known || loading}
              onClick={() => void refreshWallets(true).catch((err) => alertFailure(err, t['error.network']))}
            >
              {loading ? t['wallet.loading'] : t['wallet.refresh']}
            </button>
          </div>
          {!platforms && platformCount > 0 ? (
            <ul className={`grid gap-2 ${mobile ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4'}`} aria-busy="true">
              {Array.from({ length: platformCount }, (_, i) => (
                <li key={i} className="rounded-lg border border-slate-200 bg-white px-3 py-2" aria-hidden="true">
                  <p className="text-xs">{PENDING}</p>
                  <p className="font-semibold">{PENDING}</p>
                </li>
              ))}
            </ul>
          ) : !platforms ? (
            <Spinner label={t['wallet.loading']} />
          ) : !platforms.length ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-500">{t['wallet.empty_platforms']}</p>
          ) : (
            <ul className={`grid gap-2 ${mobile ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4'}`} data-testid="platform-list">
              {platforms.map((p) => (
                <li key={p.code} className="rounded-lg border border-slate-200 bg-white px-3 py-2" data-testid="platform-row" data-code={p.code}>
                  <p className="truncate text-xs text-slate-500">{p.name}</p>
                  <p className={`font-semibold ${p.wallet === MAINTAIN ? 'text-sm text-amber-700' : 'text-brand-700'}`} data-testid="platform-balance">
                    {walletText(p.wallet, t['wallet.maintain'])}
                  </p>
                  {p.pending && <p className="text-xs text-amber-700">{t['wallet.pending']}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
