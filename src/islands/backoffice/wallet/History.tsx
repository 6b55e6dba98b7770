// The player's ledger history (every posting on any of their accounts), platform transfers and bet records, paged.
import { useState } from 'react';
import { BETS_KEYS, Bets } from '../games/Bets.tsx';
import { ListState, Pager, cls, fill, formatTime, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { Money, ShortId, TRANSFER_KEYS, TransferStatus, labelOf, walletLabel } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { JOURNAL_KINDS } from '../../../shared/journal-kinds.ts';
import { LEDGER_NOTE_KEYS, noteText } from '../../../shared/ledger-notes.ts';
import type { PlatformInfo } from '../players/types.ts';

export const HISTORY_KEYS = [
  ...TRANSFER_KEYS, ...BETS_KEYS,
  'bo.player.history', 'bo.player.ledger', 'bo.player.transfers', 'bo.player.entry', 'bo.player.account_col', 'bo.player.amount',
  'bo.player.balance_after', 'bo.player.memo', 'bo.player.staff', 'bo.player.system', 'bo.player.all_statuses',
  ...JOURNAL_KINDS.map((kind) => `bo.kind.${kind}` as const),
  'bo.acct.central', 'bo.acct.bonus', 'bo.acct.platform', 'bo.acct.transit', 'bo.acct.withdraw_hold', ...LEDGER_NOTE_KEYS,
] as const;

type T = CommonT & Record<(typeof HISTORY_KEYS)[number], string>;
const PAGE_SIZE = 20;

export function History({ t, locale, playerId, version, showBets = false, platforms = [] }: {
  t: T; locale: Locale; playerId: number; version: number; showBets?: boolean; platforms?: PlatformInfo[];
}) {
  const [tab, setTab] = useState<'ledger' | 'transfers' | 'bets'>('ledger');
  const tabClass = (on: boolean) => `-mb-px border-b-2 px-4 py-2 text-sm ${on ? 'border-brand-600 font-semibold text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'}`;
  return (
    <section className={cls.card} data-testid="bo-history">
      <h2 className="mb-3 text-base font-semibold text-brand-800">{t['bo.player.history']}</h2>
      <div className="mb-4 flex border-b border-slate-200" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'ledger'} className={tabClass(tab === 'ledger')} onClick={() => setTab('ledger')} data-testid="tab-ledger">
          {t['bo.player.ledger']}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'transfers'} className={tabClass(tab === 'transfers')} onClick={() => setTab('transfers')} data-testid="tab-transfers">
          {t['bo.player.transfers']}
        </button>
        {showBets && (
          <button type="button" role="tab" aria-selected={tab === 'bets'} className={tabClass(tab === 'bets')} onClick={() => setTab('bets')} data-testid="tab-bets">
            {t['bo.bets.tab']}
          </button>
        )}
      </div>
      {tab === 'ledger' ? <Ledger key={version} t={t} locale={locale} playerId={playerId} />
        : tab === 'transfers' ? <Transfers key={version} t={t} locale={locale} playerId={playerId} />
          : <Bets key={version} t={t} locale={locale} playerId={playerId} platforms={platforms} />}
    </section>
  );
}

function accountLabel(t: T, kind: string, ref: string): string {
  const text = t[`bo.acct.${kind}` as keyof T];
  return text ? fill(text, { ref }) : `${kind}${ref ? `:${ref}` : ''}`;
}

function Ledger({ t, locale, playerId }: { t: T; locale: Locale; playerId: number }) {
  const list = useBoData('GET /players/:id/ledger', { params: { id: playerId }, pageSize: PAGE_SIZE });
  return (
    <>
      <ListState t={t} {...list.state}>
        {list.data && <table className={cls.table} data-testid="bo-ledger">
          <thead>
            <tr>
              <th className={cls.th}>{t['bo.time']}</th>
              <th className={cls.th}>{t['bo.player.entry']}</th>
              <th className={cls.th}>{t['bo.player.account_col']}</th>
              <th className={`${cls.th} text-right`}>{t['bo.player.amount']}</th>
              <th className={`${cls.th} text-right`}>{t['bo.player.balance_after']}</th>
              <th className={cls.th}>{t['bo.player.memo']}</th>
              <th className={cls.th}>{t['bo.player.staff']}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((r) => (
              <tr key={r.id} data-kind={r.kind}>
                <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(r.created_at, locale)}</td>
                <td className={cls.td}>
                  {labelOf(t, `bo.kind.${r.kind}`, r.kind)}
                  <div className="text-xs text-slate-400">#{r.journal_id}</div>
                </td>
                <td className={`${cls.td} whitespace-nowrap text-slate-600`}>{accountLabel(t, r.account_kind, r.account_ref)}</td>
                <td className={`${cls.td} text-right`}><Money value={r.amount} signed /></td>
                <td className={`${cls.td} text-right`}><Money value={r.balance_after} /></td>
                <td className={`${cls.td} max-w-72 break-words text-xs text-slate-600`}>
                  {/* System notes in the operator's language (issue 10 item 20); an operator's own words as typed. */}
                  {r.memo ? noteText(r.kind, r.memo, t) : '—'}
                  {r.ref && r.ref !== r.memo && <div className="font-mono text-slate-400" title={r.ref}>{r.ref.length > 16 ? `…${r.ref.slice(-10)}` : r.ref}</div>}
                </td>
                <td className={`${cls.td} whitespace-nowrap text-slate-600`}>{r.staff ?? <span className="text-slate-400">{t['bo.player.system']}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>}
      </ListState>
      {list.data && list.data.total > PAGE_SIZE && <Pager t={t} page={list.page} total={list.data.total} pageSize={PAGE_SIZE} onPage={list.go} />}
    </>
  );
}

function Transfers({ t, locale, playerId }: { t: T; locale: Locale; playerId: number }) {
  const [status, setStatus] = useState('');
  const list = useBoData('GET /players/:id/transfers', { params: { id: playerId }, query: { status: status || undefined }, pageSize: PAGE_SIZE });
  return (
    <>
      <div className="mb-3">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t['bo.transfer.status']} className={cls.input} data-testid="transfer-status">
          <option value="">{t['bo.player.all_statuses']}</option>
          {(['pending', 'applied', 'refunded'] as const).map((s) => <option key={s} value={s}>{t[`bo.transfer.status.${s}`]}</option>)}
        </select>
      </div>
      <ListState t={t} {...list.state}>
        {list.data && <table className={cls.table} data-testid="bo-transfers">
          <thead>
            <tr>
              <th className={cls.th}>{t['bo.time']}</th>
              <th className={cls.th}>{t['bo.transfer.id']}</th>
              <th className={cls.th}>{t['bo.transfer.platform']}</th>
              <th className={cls.th}>{t['bo.transfer.direction']}</th>
              <th className={cls.th}>{t['bo.transfer.wallet']}</th>
              <th className={`${cls.th} text-right`}>{t['bo.transfer.amount']}</th>
              <th className={cls.th}>{t['bo.transfer.status']}</th>
              <th className={cls.th}>{t['bo.transfer.reason']}</th>
              <th className={cls.th}>{t['bo.transfer.settled']}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((x) => (
              <tr key={x.id}>
                <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(x.created_at, locale)}</td>
                <td className={cls.td}><ShortId id={x.id} /></td>
                <td className={`${cls.td} font-mono`}>{x.gp_code}</td>
                <td className={`${cls.td} whitespace-nowrap`}>{t[`bo.transfer.${x.direction}`]}</td>
                <td className={`${cls.td} whitespace-nowrap text-slate-600`}>{walletLabel(t, x.wallet)}</td>
                <td className={`${cls.td} text-right`}><Money value={x.amount} /></td>
                <td className={cls.td}><TransferStatus t={t} status={x.status} /></td>
                <td className={`${cls.td} text-xs text-slate-600`}>{noteText('transfer_settle', x.reason, t)}</td>
                <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(x.settled_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>}
      </ListState>
      {list.data && list.data.total > PAGE_SIZE && <Pager t={t} page={list.page} total={list.data.total} pageSize={PAGE_SIZE} onPage={list.go} />}
    </>
  );
}
