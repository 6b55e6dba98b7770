// The transfer page (desktop /member/transfer, mobile /mobile/f-wallet/deposit-transfer): the central and
// activity wallets, every platform wallet with its balance and transfer-in and transfer-out buttons, and
// 'recover all'. Transfer in opens the game-entry dialog; the general transfer button and transfer out open
// the transfer dialog.
import { useState } from 'react';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { MAINTAIN, activeBonusWallets, alertFailure, refreshWallets } from '../../stores/wallet.ts';
import { usePlayerWallets, useRecoverAll, walletText } from './common.tsx';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { TRANSFER_DIALOG_KEYS, TransferDialog } from './TransferDialog.tsx';
import { GAME_ENTRY_KEYS, GameEntryTransferDialog } from './GameEntryTransferDialog.tsx';

export const TRANSFER_CENTER_KEYS = [
  ...new Set([...TRANSFER_DIALOG_KEYS, ...GAME_ENTRY_KEYS, ...LOGIN_PROMPT_KEYS]),
  'wallet.central',
  'wallet.activity_wallets',
  'wallet.platform_wallets',
  'wallet.recover_all',
  'wallet.recovering',
  'wallet.refresh',
  'wallet.transfer',
  'wallet.transfer_in',
  'wallet.transfer_out',
  'wallet.empty_platforms',
  'wallet.pending',
  'wallet.balance',
  'wallet.records',
  'wallet.platform',
  'error.network',
] as const;
type T = Record<(typeof TRANSFER_CENTER_KEYS)[number], string>;

interface Props {
  t: T;
  locale: Locale;
  variant: Variant;
  paths: { records: string };
}

type Open = { kind: 'in' | 'out'; code?: string } | { kind: 'entry'; code: string; name: string } | null;

export default function TransferCenter({ t, locale, variant, paths }: Props) {
  usePageSetup(locale, t['error.network']);
  const { user, ready, platforms, loading } = usePlayerWallets(t['error.network']);
  const [open, setOpen] = useState<Open>(null);
  const { recovering, recover } = useRecoverAll(t['error.generic']);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;
  const bonuses = activeBonusWallets(user);
  const mobile = variant === 'mobile';

  const actions = (
    <div className={`flex gap-2 ${mobile ? 'mt-4' : ''}`}>
      <button type="button" className={`btn-primary ${mobile ? 'flex-1' : ''}`} onClick={() => setOpen({ kind: 'in' })} data-testid="open-transfer">
        {t['wallet.transfer']}
      </button>
      <button
        type="button"
        className={`btn-secondary disabled:opacity-60 ${mobile ? 'flex-1' : ''}`}
        disabled={recovering}
        onClick={() => void recover()}
        data-testid="recover-all"
      >
        {recovering ? t['wallet.recovering'] : t['wallet.recover_all']}
      </button>
    </div>
  );

  return (
    <div data-testid="transfer-center" className="space-y-4">
      <section
        className={
          mobile ? 'rounded-lg bg-brand-700 p-4 text-white shadow' : 'flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 p-4'
        }
      >
        <div className="flex flex-wrap gap-x-8 gap-y-3">
          <div>
            <p className={`text-xs ${mobile ? 'text-slate-300' : 'text-slate-500'}`}>{t['wallet.central']}</p>
            <p className={`text-2xl font-bold ${mobile ? 'text-gold-300' : 'text-brand-700'}`} data-testid="central-balance">
              {formatDecimal(user.amount)}
            </p>
          </div>
          {bonuses.map((w) => (
            <div key={w.id} data-testid="activity-wallet">
              <p className={`text-xs ${mobile ? 'text-slate-300' : 'text-slate-500'}`}>{w.name}</p>
              <p className="text-lg font-semibold">{formatDecimal(w.money)}</p>
            </div>
          ))}
        </div>
        {actions}
      </section>

      <section aria-labelledby="platform-wallets-heading">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="platform-wallets-heading" className="font-semibold text-brand-700">
            {t['wallet.platform_wallets']}
          </h2>
          <div className="flex items-center gap-3 text-sm">
            <a href={paths.records} className="text-brand-600 underline">
              {t['wallet.records']}
            </a>
            <button
              type="button"
              className="text-brand-600 underline disabled:opacity-50"
              disabled={loading}
              onClick={() => void refreshWallets(true).catch((err) => alertFailure(err, t['error.network']))}
            >
              {loading ? t['wallet.loading'] : t['wallet.refresh']}
            </button>
          </div>
        </div>
        {!platforms ? (
          <Spinner label={t['wallet.loading']} />
        ) : !platforms.length ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-10 text-center text-slate-500">{t['wallet.empty_platforms']}</p>
        ) : mobile ? (
          <ul className="grid grid-cols-2 gap-3" data-testid="platform-list">
            {platforms.map((p) => (
              <li key={p.code} className="rounded-lg bg-white p-3 shadow-sm" data-testid="platform-row" data-code={p.code}>
                <p className="truncate text-sm font-semibold">{p.name}</p>
                <p className={`mt-1 text-lg font-bold ${p.wallet === MAINTAIN ? 'text-sm text-amber-700' : 'text-brand-700'}`} data-testid="platform-balance">
                  {walletText(p.wallet, t['wallet.maintain'])}
                </p>
                {p.pending && <p className="text-xs text-amber-700">{t['wallet.pending']}</p>}
                <div className="mt-2 grid grid-cols-2 gap-2 text-xs">
                  <button
                    type="button"
                    className="rounded bg-gold-500 py-1.5 font-semibold text-brand-900 disabled:opacity-50"
                    disabled={p.wallet === MAINTAIN}
                    onClick={() => setOpen({ kind: 'entry', code: p.code, name: p.name })}
                    data-testid="row-transfer-in"
                  >
                    {t['wallet.transfer_in']}
                  </button>
                  <button
                    type="button"
                    className="rounded border border-slate-300 py-1.5 text-slate-700"
                    onClick={() => setOpen({ kind: 'out', code: p.code })}
                    data-testid="row-transfer-out"
                  >
                    {t['wallet.transfer_out']}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <table className="w-full text-sm" data-testid="platform-list">
            <thead>
              <tr className="bg-slate-50 text-left text-slate-600">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t['wallet.platform']}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t['wallet.balance']}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="sr-only">{t['wallet.transfer']}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {platforms.map((p) => (
                <tr key={p.code} data-testid="platform-row" data-code={p.code}>
                  <td className="px-3 py-2.5">{p.name}</td>
                  <td className={`px-3 py-2.5 text-right font-semibold ${p.wallet === MAINTAIN ? 'text-amber-700' : 'text-brand-700'}`}>
                    <span data-testid="platform-balance">{walletText(p.wallet, t['wallet.maintain'])}</span>
                    {p.pending && <span className="ml-2 text-xs font-normal text-amber-700">{t['wallet.pending']}</span>}
                  </td>
                  <td className="px-3 py-2.5 text-right">
                    <button
                      type="button"
                      className="rounded bg-gold-500 px-3 py-1 text-xs font-semibold text-brand-900 hover:bg-gold-300 disabled:opacity-50"
                      disabled={p.wallet === MAINTAIN}
                      onClick={() => setOpen({ kind: 'entry', code: p.code, name: p.name })}
                      data-testid="row-transfer-in"
                    >
                      {t['wallet.transfer_in']}
                    </button>
                    <button
                      type="button"
                      className="ml-2 rounded border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-50"
                      onClick={() => setOpen({ kind: 'out', code: p.code })}
                      data-testid="row-transfer-out"
                    >
                      {t['wallet.transfer_out']}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {open && open.kind !== 'entry' && <TransferDialog t={t} direction={open.kind} code={open.code} onClose={() => setOpen(null)} />}
      <GameEntryTransferDialog
        t={t}
        open={open?.kind === 'entry'}
        code={open?.kind === 'entry' ? open.code : ''}
        name={open?.kind === 'entry' ? open.name : undefined}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
