// Reconciliation: the findings operators must look at (open or resolved), every transfer still waiting for
// its provider, a button that runs reconciliation now, and a recheck per pending transfer.
import { useState } from 'react';
import { boApi, boPath } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, cls, errorText, fill, formatTime, isRecord, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { Money, ShortId, TRANSFER_KEYS, TransferStatus, labelOf, type Transfer } from '../kit/money.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { formatDecimal, minorToDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { FindingView } from '../../../shared/schemas/backoffice/operations.ts';
import type { Notice } from '../kit/form.tsx';

export const RECON_KEYS = [
  ...COMMON_KEYS,
  ...TRANSFER_KEYS,
  'bo.recon.hint',
  'bo.recon.open',
  'bo.recon.resolved',
  'bo.recon.pending',
  'bo.recon.run',
  'bo.recon.running',
  'bo.recon.ran',
  'bo.recon.kind',
  'bo.recon.kind.unresolved_transfer',
  'bo.recon.kind.balance_mismatch',
  'bo.recon.player',
  'bo.recon.detail',
  'bo.recon.found',
  'bo.recon.resolved_at',
  'bo.recon.mismatch',
] as const;
type K = (typeof RECON_KEYS)[number];
type T = IslandProps<K>['t'];

type Finding = FindingView;
type Tab = 'open' | 'resolved' | 'pending';
const PAGE_SIZE = 20;

export default function Reconciliation({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reconciliation.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [tab, setTab] = useState<Tab>('open');
  const [version, setVersion] = useState(0);
  const [running, setRunning] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const run = async () => {
    setRunning(true);
    setNotice(null);
    try {
      const res = await boApi('POST /reconciliation/run');
      setNotice({ kind: 'success', text: fill(t['bo.recon.ran'], res) });
      setVersion((v) => v + 1);
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setRunning(false);
  };

  const recheck = async (id: string) => {
    setBusyId(id);
    setNotice(null);
    try {
      const res = await boApi('POST /reconciliation/transfers/:id/recheck', { params: { id } });
      setNotice({
        kind: res.transfer.status === 'pending' ? 'error' : 'success',
        text: fill(t['bo.transfer.rechecked'], {
          id: `…${id.slice(-10)}`,
          status: labelOf(t, `bo.transfer.status.${res.transfer.status}`, res.transfer.status),
        }),
      });
      setVersion((v) => v + 1);
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusyId(null);
  };

  const tabClass = (on: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm ${on ? 'border-brand-600 font-semibold text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'}`;
  const tabs: Array<[Tab, string]> = [
    ['open', t['bo.recon.open']],
    ['resolved', t['bo.recon.resolved']],
    ['pending', t['bo.recon.pending']],
  ];
  const actions = { busyId, onRecheck: (id: string) => void recheck(id) };

  return (
    <div className="max-w-7xl">
      <div className="mb-4 flex items-start justify-between gap-6">
        <p className="max-w-3xl text-sm text-slate-500">{t['bo.recon.hint']}</p>
        <button type="button" className={cls.btn} onClick={() => void run()} disabled={running} data-testid="recon-run">
          {running ? t['bo.recon.running'] : t['bo.recon.run']}
        </button>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <section className={`${cls.card} overflow-x-auto`}>
        <div className="mb-4 flex border-b border-slate-200" role="tablist">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tabClass(tab === key)}
              onClick={() => setTab(key)}
              data-testid={`recon-tab-${key}`}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'pending' ? (
          <Pending key={version} t={t} locale={locale} {...actions} />
        ) : (
          <Findings key={`${tab}-${version}`} t={t} locale={locale} status={tab} {...actions} />
        )}
      </section>
    </div>
  );
}

interface ListProps {
  t: T;
  locale: Locale;
  busyId: string | null;
  onRecheck: (id: string) => void;
}

function PlayerLink({ locale, id, account }: { locale: Locale; id: number | null; account: string }) {
  if (!id) return <span className="text-slate-400">—</span>;
  return (
    <a href={`${boPath(locale, 'player')}?id=${id}`} className="font-medium text-brand-600 hover:underline">
      {account || `#${id}`}
    </a>
  );
}

function RecheckButton({ t, id, busyId, onRecheck }: { t: T; id: string; busyId: string | null; onRecheck: (id: string) => void }) {
  return (
    <button type="button" className={cls.btnSmall} disabled={busyId !== null} onClick={() => onRecheck(id)} data-testid="recheck">
      {busyId === id ? t['bo.loading'] : t['bo.transfer.recheck']}
    </button>
  );
}

/** What the finding says in one line: the provider's last answer, or the two balances that differ. */
function detailText(t: T, f: Finding): string {
  const d = isRecord(f.detail) ? f.detail : {};
  if (
    f.kind === 'balance_mismatch' &&
    typeof d.ledgerMinor === 'string' &&
    typeof d.providerMinor === 'string' &&
    /^-?\d+$/.test(d.ledgerMinor) &&
    /^-?\d+$/.test(d.providerMinor)
  ) {
    return fill(t['bo.recon.mismatch'], {
      ledger: formatDecimal(minorToDecimal(BigInt(d.ledgerMinor))),
      provider: formatDecimal(minorToDecimal(BigInt(d.providerMinor))),
    });
  }
  return typeof d.lastAnswer === 'string' ? d.lastAnswer : (f.transfer?.reason ?? '');
}

function Findings({ t, locale, status, busyId, onRecheck }: ListProps & { status: 'open' | 'resolved' }) {
  const list = useBoData('GET /reconciliation/findings', { query: { status }, pageSize: PAGE_SIZE });
  const columns: Array<BoColumn<Finding, K>> = [
    { key: 'found', header: 'bo.recon.found', className: 'whitespace-nowrap text-slate-500', cell: (f) => formatTime(f.created_at, locale) },
    { key: 'kind', header: 'bo.recon.kind', className: 'whitespace-nowrap', cell: (f) => labelOf(t, `bo.recon.kind.${f.kind}`, f.kind) },
    { key: 'player', header: 'bo.recon.player', cell: (f) => <PlayerLink locale={locale} id={f.player_id} account={f.account} /> },
    { key: 'platform', header: 'bo.transfer.platform', className: 'font-mono', cell: (f) => f.gp_code ?? '—' },
    {
      key: 'id',
      header: 'bo.transfer.id',
      cell: (f) =>
        f.transfer ? (
          <>
            <ShortId id={f.transfer.id} />
            <div className="text-xs text-slate-500">{t[`bo.transfer.${f.transfer.direction}`]}</div>
          </>
        ) : (
          '—'
        ),
    },
    { key: 'amount', header: 'bo.transfer.amount', align: 'right', cell: (f) => (f.transfer ? <Money value={f.transfer.amount} /> : '—') },
    { key: 'status', header: 'bo.transfer.status', cell: (f) => (f.transfer ? <TransferStatus t={t} status={f.transfer.status} /> : '—') },
    { key: 'attempts', header: 'bo.transfer.attempts', cell: (f) => f.transfer?.attempts ?? '—' },
    { key: 'detail', header: 'bo.recon.detail', className: 'max-w-64 text-xs text-slate-600', cell: (f) => detailText(t, f) },
    {
      key: 'last',
      header: status === 'open' ? 'bo.actions' : 'bo.recon.resolved_at',
      className: 'whitespace-nowrap',
      cell: (f) =>
        status === 'resolved' ? (
          <span className="text-slate-500">{formatTime(f.resolved_at, locale)}</span>
        ) : f.transfer?.status === 'pending' ? (
          <RecheckButton t={t} id={f.transfer.id} busyId={busyId} onRecheck={onRecheck} />
        ) : (
          '—'
        ),
    },
  ];
  return <BoTable t={t} list={list} columns={columns} rowKey={(f) => f.id} testId="bo-findings" rowData={(f) => ({ 'data-finding': f.id })} />;
}

function Pending({ t, locale, busyId, onRecheck }: ListProps) {
  const list = useBoData('GET /reconciliation/pending', { pageSize: PAGE_SIZE });
  const columns: Array<BoColumn<Transfer, K>> = [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (x) => formatTime(x.created_at, locale) },
    { key: 'player', header: 'bo.recon.player', cell: (x) => <PlayerLink locale={locale} id={x.player_id} account={x.account ?? ''} /> },
    { key: 'platform', header: 'bo.transfer.platform', className: 'font-mono', cell: (x) => x.gp_code },
    { key: 'id', header: 'bo.transfer.id', cell: (x) => <ShortId id={x.id} /> },
    { key: 'direction', header: 'bo.transfer.direction', className: 'whitespace-nowrap', cell: (x) => t[`bo.transfer.${x.direction}`] },
    { key: 'amount', header: 'bo.transfer.amount', align: 'right', cell: (x) => <Money value={x.amount} /> },
    { key: 'attempts', header: 'bo.transfer.attempts', cell: (x) => x.attempts },
    { key: 'reason', header: 'bo.transfer.reason', className: 'max-w-72 text-xs text-slate-600', cell: (x) => x.reason },
    { key: 'next', header: 'bo.transfer.next_check', className: 'whitespace-nowrap text-slate-500', cell: (x) => formatTime(x.next_check_at, locale) },
    { key: 'actions', header: 'bo.actions', cell: (x) => <RecheckButton t={t} id={x.id} busyId={busyId} onRecheck={onRecheck} /> },
  ];
  return <BoTable t={t} list={list} columns={columns} rowKey={(x) => x.id} testId="bo-pending-transfers" rowData={(x) => ({ 'data-transfer': x.id })} />;
}
