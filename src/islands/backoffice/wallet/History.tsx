// The player's ledger history (every posting on any of their accounts), platform transfers and bet records, paged.
import { useState } from 'react';
import { BETS_KEYS, Bets } from '../games/Bets.tsx';
import { cls, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoData } from '../kit/data.ts';
import { EXPORT_BUTTON_KEYS, ExportButton } from '../exports/ExportButton.tsx';
import { Money, ShortId, TRANSFER_KEYS, TransferStatus, labelOf, walletLabel, type Transfer } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { JOURNAL_KINDS } from '../../../shared/journal-kinds.ts';
import { LEDGER_NOTE_KEYS, noteText } from '../../../shared/ledger-notes.ts';
import type { LedgerEntry, PlatformInfo } from '../players/types.ts';

export const HISTORY_KEYS = [
  ...EXPORT_BUTTON_KEYS,
  ...TRANSFER_KEYS,
  ...BETS_KEYS,
  'bo.player.history',
  'bo.player.ledger',
  'bo.player.transfers',
  'bo.player.entry',
  'bo.player.account_col',
  'bo.player.amount',
  'bo.player.balance_after',
  'bo.player.memo',
  'bo.player.staff',
  'bo.player.system',
  'bo.player.all_statuses',
  ...JOURNAL_KINDS.map((kind) => `bo.kind.${kind}` as const),
  'bo.acct.central',
  'bo.acct.bonus',
  'bo.acct.platform',
  'bo.acct.transit',
  'bo.acct.withdraw_hold',
  ...LEDGER_NOTE_KEYS,
] as const;

type T = CommonT & Record<(typeof HISTORY_KEYS)[number], string>;
const PAGE_SIZE = 20;

export function History({
  t,
  locale,
  playerId,
  version,
  showBets = false,
  platforms = [],
}: {
  t: T;
  locale: Locale;
  playerId: number;
  version: number;
  showBets?: boolean;
  platforms?: PlatformInfo[];
}) {
  const [tab, setTab] = useState<'ledger' | 'transfers' | 'bets'>('ledger');
  const tabClass = (on: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm ${on ? 'border-brand-600 font-semibold text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'}`;
  return (
    <section className={cls.card} data-testid="bo-history">
      <h2 className="mb-3 text-base font-semibold text-brand-800">{t['bo.player.history']}</h2>
      <div className="mb-4 flex border-b border-slate-200" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'ledger'}
          className={tabClass(tab === 'ledger')}
          onClick={() => setTab('ledger')}
          data-testid="tab-ledger"
        >
          {t['bo.player.ledger']}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'transfers'}
          className={tabClass(tab === 'transfers')}
          onClick={() => setTab('transfers')}
          data-testid="tab-transfers"
        >
          {t['bo.player.transfers']}
        </button>
        {showBets && (
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'bets'}
            className={tabClass(tab === 'bets')}
            onClick={() => setTab('bets')}
            data-testid="tab-bets"
          >
            {t['bo.bets.tab']}
          </button>
        )}
      </div>
      {tab === 'ledger' ? (
        <Ledger key={version} t={t} locale={locale} playerId={playerId} />
      ) : tab === 'transfers' ? (
        <Transfers key={version} t={t} locale={locale} playerId={playerId} />
      ) : (
        <Bets key={version} t={t} locale={locale} playerId={playerId} platforms={platforms} />
      )}
    </section>
  );
}

function accountLabel(t: T, kind: string, ref: string): string {
  const text = t[`bo.acct.${kind}` as keyof T];
  return text ? fill(text, { ref }) : `${kind}${ref ? `:${ref}` : ''}`;
}

function Ledger({ t, locale, playerId }: { t: T; locale: Locale; playerId: number }) {
  const list = useBoData('GET /players/:id/ledger', { params: { id: playerId }, pageSize: PAGE_SIZE });
  const columns: Array<BoColumn<LedgerEntry, keyof T & string>> = [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.created_at, locale) },
    {
      key: 'entry',
      header: 'bo.player.entry',
      cell: (r) => (
        <>
          {labelOf(t, `bo.kind.${r.kind}`, r.kind)}
          <div className="text-xs text-slate-400">#{r.journal_id}</div>
        </>
      ),
    },
    {
      key: 'account',
      header: 'bo.player.account_col',
      className: 'whitespace-nowrap text-slate-600',
      cell: (r) => accountLabel(t, r.account_kind, r.account_ref),
    },
    { key: 'amount', header: 'bo.player.amount', align: 'right', cell: (r) => <Money value={r.amount} signed /> },
    { key: 'balance', header: 'bo.player.balance_after', align: 'right', cell: (r) => <Money value={r.balance_after} /> },
    {
      key: 'memo',
      header: 'bo.player.memo',
      className: 'max-w-72 break-words text-xs text-slate-600',
      cell: (r) => (
        <>
          {/* System notes in the operator's language; an operator's own words as typed. */}
          {r.memo ? noteText(r.kind, r.memo, t) : '—'}
          {r.ref && r.ref !== r.memo && (
            <div className="font-mono text-slate-400" title={r.ref}>
              {r.ref.length > 16 ? `…${r.ref.slice(-10)}` : r.ref}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'staff',
      header: 'bo.player.staff',
      className: 'whitespace-nowrap text-slate-600',
      cell: (r) => r.staff ?? <span className="text-slate-400">{t['bo.player.system']}</span>,
    },
  ];
  return (
    <>
      <div className="mb-3">
        <ExportButton t={t} locale={locale} grid="ledger" params={{ player: String(playerId) }} />
      </div>
      <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.id} testId="bo-ledger" rowData={(r) => ({ 'data-kind': r.kind })} />
    </>
  );
}

function Transfers({ t, locale, playerId }: { t: T; locale: Locale; playerId: number }) {
  const [status, setStatus] = useState('');
  const list = useBoData('GET /players/:id/transfers', { params: { id: playerId }, query: { status: status || undefined }, pageSize: PAGE_SIZE });
  const columns: Array<BoColumn<Transfer, keyof T & string>> = [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (x) => formatTime(x.created_at, locale) },
    { key: 'id', header: 'bo.transfer.id', cell: (x) => <ShortId id={x.id} /> },
    { key: 'platform', header: 'bo.transfer.platform', className: 'font-mono', cell: (x) => x.gp_code },
    { key: 'direction', header: 'bo.transfer.direction', className: 'whitespace-nowrap', cell: (x) => t[`bo.transfer.${x.direction}`] },
    { key: 'wallet', header: 'bo.transfer.wallet', className: 'whitespace-nowrap text-slate-600', cell: (x) => walletLabel(t, x.wallet) },
    { key: 'amount', header: 'bo.transfer.amount', align: 'right', cell: (x) => <Money value={x.amount} /> },
    { key: 'status', header: 'bo.transfer.status', cell: (x) => <TransferStatus t={t} status={x.status} /> },
    { key: 'reason', header: 'bo.transfer.reason', className: 'text-xs text-slate-600', cell: (x) => noteText('transfer_settle', x.reason, t) },
    { key: 'settled', header: 'bo.transfer.settled', className: 'whitespace-nowrap text-slate-500', cell: (x) => formatTime(x.settled_at, locale) },
  ];
  return (
    <>
      <div className="mb-3">
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          aria-label={t['bo.transfer.status']}
          className={cls.input}
          data-testid="transfer-status"
        >
          <option value="">{t['bo.player.all_statuses']}</option>
          {(['pending', 'applied', 'refunded'] as const).map((s) => (
            <option key={s} value={s}>
              {t[`bo.transfer.status.${s}`]}
            </option>
          ))}
        </select>
      </div>
      <BoTable t={t} list={list} columns={columns} rowKey={(x) => x.id} testId="bo-transfers" />
    </>
  );
}
