// The player's wallets: central and total, platform wallets with live provider balances on request,
// activity wallets with their bet progress, and transfers still waiting for the provider.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, Empty, ListState, cls, errorText, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { GROUP_KEYS, Money, ShortId, TRANSFER_KEYS, labelOf, walletLabel } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { Wallets as WalletsData, PlatformWallet } from '../players/types.ts';
import { BONUS_WALLET_STATUS, PLATFORM_STATUS } from '../../../shared/statuses.ts';
import type { Notice } from '../kit/form.tsx';
import { BoTable } from '../kit/BoTable.tsx';

export const WALLETS_KEYS = [
  ...TRANSFER_KEYS,
  ...GROUP_KEYS,
  'bo.player.wallets',
  'bo.player.central',
  'bo.player.total',
  'bo.player.total_hint',
  'bo.player.live',
  'bo.player.live_loading',
  'bo.player.platforms',
  'bo.player.platform',
  'bo.player.groups',
  'bo.player.ledger_balance',
  'bo.player.in_transit',
  'bo.player.live_balance',
  'bo.player.live_hint',
  'bo.player.live.maintenance',
  'bo.player.live.unavailable',
  'bo.player.live.no_account',
  'bo.player.live.mismatch',
  'bo.player.funded_by',
  'bo.player.platform_off',
  'bo.player.bonus',
  'bo.player.bonus_name',
  'bo.player.bonus_money',
  'bo.player.bonus_target',
  'bo.player.bonus_no_target',
  'bo.player.bonus_give_up',
  'bo.player.bonus_platforms',
  'bo.player.bonus_all_platforms',
  'bo.player.bonus_sports',
  'bo.player.bonus_granted_by',
  'bo.player.bonus_status.1',
  'bo.player.bonus_status.2',
  'bo.player.bonus_status.3',
  'bo.player.pending',
  'bo.player.pending_none',
  'bo.player.status',
  'bo.player.withdraw_held',
] as const;

type T = CommonT & Record<(typeof WALLETS_KEYS)[number], string>;

interface Props {
  t: T;
  locale: Locale;
  playerId: number;
  /** Changes when something else moved the player's money, so the wallets load again. */
  version: number;
  canRecheck: boolean;
  /** The grant form, shown in the activity-wallet card. */
  grant?: ReactNode;
}

export function WalletsSection({ t, locale, playerId, version, canRecheck, grant }: Props) {
  const [data, setData] = useState<WalletsData | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loadingLive, setLoadingLive] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(
    async (live: boolean) => {
      const mine = ++seq.current;
      if (live) setLoadingLive(true);
      try {
        const res = await boApi('GET /players/:id/wallets', { params: { id: playerId }, query: { live: live ? 1 : undefined } });
        if (mine !== seq.current) return;
        setData(res);
        setError(null);
      } catch (err) {
        if (mine === seq.current) setError(err);
      } finally {
        if (mine === seq.current) setLoadingLive(false);
      }
    },
    [playerId],
  );
  useEffect(() => {
    void load(false);
  }, [load, version]);

  const recheck = async (id: string) => {
    setBusyId(id);
    setNotice(null);
    try {
      const res = await boApi('POST /reconciliation/transfers/:id/recheck', { params: { id } });
      setNotice({
        kind: 'success',
        text: fill(t['bo.transfer.rechecked'], {
          id: `…${res.transfer.id.slice(-10)}`,
          status: labelOf(t, `bo.transfer.status.${res.transfer.status}`, res.transfer.status),
        }),
      });
      await load(false);
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusyId(null);
  };

  if (!data)
    return (
      <section className={cls.card}>
        <ListState t={t} loading error={error} retry={() => load(false)} />
      </section>
    );

  return (
    <>
      <section className={cls.card} data-testid="bo-wallets">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 className="text-base font-semibold text-brand-800">{t['bo.player.wallets']}</h2>
          <div className="flex gap-2">
            <button type="button" className={cls.btnGhost} onClick={() => void load(false)} disabled={loadingLive}>
              {t['bo.refresh']}
            </button>
            <button type="button" className={cls.btn} onClick={() => void load(true)} disabled={loadingLive} data-testid="live-balances">
              {loadingLive ? t['bo.player.live_loading'] : t['bo.player.live']}
            </button>
          </div>
        </div>
        {error ? <Banner kind="error">{errorText(error, t)}</Banner> : null}
        {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
        <dl className="mb-5 grid grid-cols-2 gap-4 md:grid-cols-4">
          <div className="rounded border border-slate-200 bg-slate-50 px-4 py-3">
            <dt className="text-xs text-slate-500">{t['bo.player.central']}</dt>
            <dd className="mt-1 text-xl font-semibold text-brand-800" data-testid="central">
              <Money value={data.central} />
            </dd>
          </div>
          <div className="rounded border border-slate-200 bg-slate-50 px-4 py-3" title={t['bo.player.total_hint']}>
            <dt className="text-xs text-slate-500">{t['bo.player.total']}</dt>
            <dd className="mt-1 text-xl font-semibold text-brand-800">
              <Money value={data.total} />
            </dd>
          </div>
          {data.withdraw_held !== '0.00' && (
            <div className="rounded border border-amber-200 bg-amber-50 px-4 py-3">
              <dt className="text-xs text-amber-800">{t['bo.player.withdraw_held']}</dt>
              <dd className="mt-1 text-xl font-semibold text-amber-800">
                <Money value={data.withdraw_held} />
              </dd>
            </div>
          )}
          <p className={`${data.withdraw_held === '0.00' ? 'col-span-2' : ''} self-center text-xs text-slate-500`}>{t['bo.player.total_hint']}</p>
        </dl>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.player.platforms']}</h3>
        <BoTable
          t={t}
          rows={data.platform_wallets}
          rowKey={(p) => p.code}
          testId="bo-platform-wallets"
          rowData={(p) => ({ 'data-platform': p.code })}
          columns={[
            {
              key: 'platform',
              header: 'bo.player.platform',
              cell: (p) => (
                <>
                  <span className="font-mono font-medium">{p.code}</span>
                  <span className="ml-2 text-slate-500">{locale === 'en' ? p.name_en : p.name}</span>
                  {p.status !== PLATFORM_STATUS.on && <span className="ml-2 text-xs text-red-700">{t['bo.player.platform_off']}</span>}
                </>
              ),
            },
            {
              key: 'groups',
              header: 'bo.player.groups',
              className: 'text-slate-600',
              cell: (p) => p.groups.map((g) => labelOf(t, `bo.group.${g}`, g)).join(locale === 'en' ? ', ' : '、'),
            },
            { key: 'ledger', header: 'bo.player.ledger_balance', align: 'right', cell: (p) => <Money value={p.ledger} /> },
            {
              key: 'transit',
              header: 'bo.player.in_transit',
              align: 'right',
              cell: (p) => (p.transit === '0.00' ? <span className="text-slate-400">—</span> : <Money value={p.transit} className="text-amber-700" />),
            },
            { key: 'live', header: 'bo.player.live_balance', align: 'right', cell: (p) => <LiveCell t={t} p={p} /> },
            {
              key: 'funded',
              header: 'bo.player.funded_by',
              className: 'text-slate-600',
              cell: (p) => (p.bonus_wallet_id ? walletLabel(t, `bonus:${p.bonus_wallet_id}`) : p.provider_player ? t['bo.transfer.central'] : '—'),
            },
          ]}
        />
        {!data.platform_wallets.some((p) => p.live) && <p className="mt-2 text-xs text-slate-500">{t['bo.player.live_hint']}</p>}
      </section>

      <section className={cls.card} data-testid="bo-bonus-wallets">
        <h2 className="mb-4 text-base font-semibold text-brand-800">{t['bo.player.bonus']}</h2>
        {grant}
        {data.bonus_wallets.length === 0 ? (
          <Empty t={t} />
        ) : (
          <BoTable
            t={t}
            rows={data.bonus_wallets}
            rowKey={(w) => w.id}
            rowData={(w) => ({ 'data-bonus-wallet': w.id })}
            rowClassName={(w) => (w.status === BONUS_WALLET_STATUS.active ? '' : 'text-slate-500')}
            columns={[
              { key: 'id', header: 'bo.player.bonus_name', headerCell: '#', className: 'text-slate-500', cell: (w) => w.id },
              {
                key: 'name',
                header: 'bo.player.bonus_name',
                cell: (w) => (
                  <>
                    <span className="font-medium">{locale === 'en' && w.name_en ? w.name_en : w.name}</span>
                    {w.is_sports && <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-800">{t['bo.player.bonus_sports']}</span>}
                  </>
                ),
              },
              { key: 'status', header: 'bo.player.status', cell: (w) => <BonusStatus t={t} status={w.status} /> },
              { key: 'money', header: 'bo.player.bonus_money', align: 'right', cell: (w) => <Money value={w.money} /> },
              {
                key: 'target',
                header: 'bo.player.bonus_target',
                cell: (w) =>
                  w.bonus_bet === '0.00' ? (
                    <span className="text-xs text-slate-500">{t['bo.player.bonus_no_target']}</span>
                  ) : (
                    <div className="flex min-w-44 flex-col gap-1">
                      <progress
                        max={100}
                        value={w.progress}
                        aria-label={t['bo.player.bonus_target']}
                        className="h-2 w-full overflow-hidden rounded bg-slate-200 [&::-moz-progress-bar]:bg-emerald-500 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-500"
                      />
                      <span className="text-xs text-slate-600">
                        <Money value={w.bonus_now_bet} /> / <Money value={w.bonus_bet} /> ({w.progress}%)
                      </span>
                    </div>
                  ),
              },
              { key: 'give_up', header: 'bo.player.bonus_give_up', align: 'right', cell: (w) => <Money value={w.give_up_wallet_amount} /> },
              {
                key: 'platforms',
                header: 'bo.player.bonus_platforms',
                className: 'text-slate-600',
                cell: (w) =>
                  w.platform_codes.length ? <span className="font-mono text-xs">{w.platform_codes.join(', ')}</span> : t['bo.player.bonus_all_platforms'],
              },
              {
                key: 'granted',
                header: 'bo.player.bonus_granted_by',
                className: 'whitespace-nowrap text-slate-600',
                cell: (w) => (
                  <>
                    {w.granted_by_name ?? '—'}
                    <div className="text-xs text-slate-400">{formatTime(w.created_at, locale)}</div>
                  </>
                ),
              },
            ]}
          />
        )}
      </section>

      <section className={`${cls.card} overflow-x-auto`} data-testid="bo-pending">
        <h2 className="mb-4 text-base font-semibold text-brand-800">{t['bo.player.pending']}</h2>
        {data.pending_transfers.length === 0 ? (
          <p className="text-sm text-slate-500">{t['bo.player.pending_none']}</p>
        ) : (
          <BoTable
            t={t}
            rows={data.pending_transfers}
            rowKey={(x) => x.id}
            rowData={(x) => ({ 'data-transfer': x.id })}
            columns={[
              { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (x) => formatTime(x.created_at, locale) },
              { key: 'id', header: 'bo.transfer.id', cell: (x) => <ShortId id={x.id} /> },
              { key: 'platform', header: 'bo.transfer.platform', className: 'font-mono', cell: (x) => x.gp_code },
              { key: 'direction', header: 'bo.transfer.direction', className: 'whitespace-nowrap', cell: (x) => t[`bo.transfer.${x.direction}`] },
              { key: 'amount', header: 'bo.transfer.amount', align: 'right', cell: (x) => <Money value={x.amount} /> },
              { key: 'reason', header: 'bo.transfer.reason', className: 'text-xs text-slate-600', cell: (x) => x.reason },
              { key: 'attempts', header: 'bo.transfer.attempts', cell: (x) => x.attempts },
              {
                key: 'next',
                header: 'bo.transfer.next_check',
                className: 'whitespace-nowrap text-slate-500',
                cell: (x) => formatTime(x.next_check_at, locale),
              },
              {
                key: 'actions',
                header: 'bo.actions',
                hidden: !canRecheck,
                cell: (x) => (
                  <button type="button" className={cls.btnSmall} disabled={busyId !== null} onClick={() => void recheck(x.id)} data-testid="recheck">
                    {busyId === x.id ? t['bo.loading'] : t['bo.transfer.recheck']}
                  </button>
                ),
              },
            ]}
          />
        )}
      </section>
    </>
  );
}

function LiveCell({ t, p }: { t: T; p: PlatformWallet }) {
  if (!p.live) return <span className="text-slate-400">—</span>;
  if (p.live.status !== 'ok') {
    return <span className={`text-xs ${p.live.status === 'no_account' ? 'text-slate-500' : 'text-red-700'}`}>{t[`bo.player.live.${p.live.status}`]}</span>;
  }
  // Money on its way is on neither side yet, so the two figures are compared only when nothing is in transit.
  const differs = p.transit === '0.00' && p.live.amount !== p.ledger;
  return (
    <span className="inline-flex flex-col items-end">
      <Money value={p.live.amount} className={differs ? 'text-amber-700' : ''} />
      {differs && <span className="text-xs text-amber-700">{t['bo.player.live.mismatch']}</span>}
    </span>
  );
}

function BonusStatus({ t, status }: { t: T; status: number }) {
  const tone =
    status === BONUS_WALLET_STATUS.active
      ? 'bg-emerald-100 text-emerald-800'
      : status === BONUS_WALLET_STATUS.unlocked
        ? 'bg-sky-100 text-sky-800'
        : 'bg-slate-200 text-slate-600';
  const key = `bo.player.bonus_status.${status}` as keyof T;
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{t[key] ?? String(status)}</span>;
}
