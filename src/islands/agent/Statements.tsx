// Statements: one per settlement period, its status, and when opened every line of it (players, depositors,
// deposits, withdrawals, bets, valid bet, GGR, bonuses, fees, NGR, carry-over in and out, tier, rate, revenue share,
// CPA, overrides, adjustment, commission) with the override lines and the CSV download of the same statement.
import { useState } from 'react';
import { agentDownload } from './api.ts';
import {
  ErrorBox,
  List,
  PORTAL_KEYS,
  Pager,
  Portal,
  State,
  count,
  errorText,
  fill,
  money,
  rate,
  ui,
  useAgentData,
  when,
  type AgentIslandProps,
  type PortalT,
} from './common.tsx';
import type { AgentVariant } from './paths.ts';
import type { Locale } from '../../shared/constants.ts';
import type { StatementFiguresView, StatementView } from '../../shared/schemas/partners/common.ts';

/** Every line of a statement, in the order the statement reads, and how each is shown. */
export const STATEMENT_LINES: Array<[keyof StatementFiguresView, 'count' | 'money' | 'tier' | 'rate']> = [
  ['players_registered', 'count'],
  ['first_depositors', 'count'],
  ['active_players', 'count'],
  ['deposits', 'money'],
  ['withdrawals', 'money'],
  ['bets', 'money'],
  ['valid_bet', 'money'],
  ['ggr', 'money'],
  ['bonuses', 'money'],
  ['payment_fees', 'money'],
  ['platform_fees', 'money'],
  ['ngr', 'money'],
  ['carry_in', 'money'],
  ['carry_out', 'money'],
  ['tier', 'tier'],
  ['rate_bp', 'rate'],
  ['revenue_share', 'money'],
  ['cpa_players', 'count'],
  ['cpa', 'money'],
  ['overrides', 'money'],
  ['adjustment', 'money'],
  ['commission', 'money'],
];

export const STATEMENTS_KEYS = [
  ...PORTAL_KEYS,
  ...STATEMENT_LINES.map(([line]) => `agent.line.${line}` as const),
  'agent.st.period',
  'agent.st.status',
  'agent.st.commission',
  'agent.st.built',
  'agent.st.open',
  'agent.st.close',
  'agent.st.csv',
  'agent.st.csv_busy',
  'agent.st.empty',
  'agent.st.overrides',
  'agent.st.child',
  'agent.st.child_ngr',
  'agent.st.rates',
  'agent.st.amount',
  'agent.st.adjustment_reason',
  'agent.st.no_tier',
  'agent.st.tier',
  'agent.st.approved_at',
  'agent.st.filter_all',
  'agent.st.status.pending',
  'agent.st.status.held',
  'agent.st.status.approved',
  'agent.st.hint',
] as const;
type K = (typeof STATEMENTS_KEYS)[number];
type T = AgentIslandProps<K>['t'];
const PAGE_SIZE = 12;

export default function Statements({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {() => <Body t={t} locale={locale} variant={variant} />}
    </Portal>
  );
}

const STATUS_TONE = { pending: 'bg-amber-100 text-amber-800', held: 'bg-red-100 text-red-800', approved: 'bg-emerald-100 text-emerald-800' } as const;

export function StatementStatus({ t, status }: { t: Record<`agent.st.status.${StatementView['status']}`, string>; status: StatementView['status'] }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status]}`} data-status={status}>
      {t[`agent.st.status.${status}`]}
    </span>
  );
}

function lineValue(t: T, kind: 'count' | 'money' | 'tier' | 'rate', value: StatementFiguresView[keyof StatementFiguresView]): string {
  if (kind === 'count') return count(value as number);
  if (kind === 'rate') return rate(value as number);
  if (kind === 'tier') return value === null ? t['agent.st.no_tier'] : fill(t['agent.st.tier'], { n: (value as number) + 1 });
  return money(value as string);
}

function Body({ t, locale, variant }: { t: T; locale: Locale; variant: AgentVariant }) {
  const [status, setStatus] = useState<'' | StatementView['status']>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useAgentData('GET /statements', t as PortalT, { query: { status, page, pageSize: PAGE_SIZE } });
  return (
    <div className="max-w-[1200px] space-y-4">
      <p className="text-sm text-slate-600">{t['agent.st.hint']}</p>
      <label className="inline-block w-48">
        <span className={ui.label}>{t['agent.st.status']}</span>
        <select
          className={ui.input}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setPage(1);
          }}
          data-testid="statements-status"
        >
          <option value="">{t['agent.st.filter_all']}</option>
          {(['pending', 'held', 'approved'] as const).map((s) => (
            <option key={s} value={s}>
              {t[`agent.st.status.${s}`]}
            </option>
          ))}
        </select>
      </label>
      <section className={variant === 'mobile' ? '' : ui.card}>
        <State t={t} loading={list.loading} error={list.error} retry={list.reload} empty={list.data?.data.length === 0} emptyText={t['agent.st.empty']}>
          <List
            variant={variant}
            rows={list.data?.data ?? []}
            rowKey={(r) => r.id}
            testId="statements-table"
            rowTestId="statement-row"
            columns={[
              { key: 'period', header: t['agent.st.period'], cell: (r) => <span className="font-medium">{r.period}</span>, testId: 'statement-period' },
              { key: 'status', header: t['agent.st.status'], cell: (r) => <StatementStatus t={t} status={r.status} />, testId: 'statement-status' },
              { key: 'ngr', header: t['agent.line.ngr'], align: 'right', cell: (r) => money(r.figures.ngr) },
              { key: 'commission', header: t['agent.st.commission'], align: 'right', cell: (r) => money(r.figures.commission), testId: 'statement-commission' },
              { key: 'built', header: t['agent.st.built'], cell: (r) => when(r.built_at, locale) },
              {
                key: 'open',
                header: '',
                cell: (r) => (
                  <button
                    type="button"
                    className="text-brand-700 underline"
                    aria-expanded={open === r.id}
                    data-testid="statement-open"
                    onClick={() => setOpen(open === r.id ? null : r.id)}
                  >
                    {open === r.id ? t['agent.st.close'] : t['agent.st.open']}
                  </button>
                ),
              },
            ]}
          />
          {list.data && <Pager t={t} page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} />}
        </State>
      </section>
      {open !== null && <Detail key={open} t={t} locale={locale} variant={variant} id={open} />}
    </div>
  );
}

function Detail({ t, locale, variant, id }: { t: T; locale: Locale; variant: AgentVariant; id: number }) {
  const one = useAgentData('GET /statements/:id', t as PortalT, { params: { id } });
  const [busy, setBusy] = useState(false);
  const [csvError, setCsvError] = useState('');
  const s = one.data;
  const csv = async (period: string) => {
    setBusy(true);
    setCsvError('');
    await agentDownload('GET /statements/:id/csv', { id }, `statement-${period}.csv`).catch((err) => setCsvError(errorText(err, t)));
    setBusy(false);
  };
  return (
    <section className={ui.card} data-testid="statement-detail" aria-live="polite">
      <State t={t} loading={one.loading} error={one.error} retry={one.reload} empty={false}>
        {s && (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-base font-semibold text-brand-800">
                {s.period}{' '}
                <span className="text-sm font-normal text-slate-500">
                  ({s.starts_on} – {s.ends_on})
                </span>{' '}
                <StatementStatus t={t} status={s.status} />
              </h2>
              <button type="button" className={ui.btnGhost} disabled={busy} onClick={() => void csv(s.period)} data-testid="statement-csv">
                {busy ? t['agent.st.csv_busy'] : t['agent.st.csv']}
              </button>
            </div>
            {csvError && <ErrorBox t={t} message={csvError} />}
            <dl
              className={`grid gap-x-6 gap-y-1 text-sm ${variant === 'mobile' ? 'grid-cols-[minmax(0,1fr)_auto]' : 'grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto]'}`}
              data-testid="statement-lines"
            >
              {STATEMENT_LINES.map(([line, kind]) => (
                <div key={line} className="contents" data-line={line}>
                  <dt className={`border-b border-slate-100 py-1 text-slate-600 ${line === 'commission' ? 'font-semibold text-brand-800' : ''}`}>
                    {t[`agent.line.${line}`]}
                  </dt>
                  <dd
                    className={`border-b border-slate-100 py-1 text-right font-mono tabular-nums ${line === 'commission' ? 'font-bold text-brand-800' : ''}`}
                    data-testid={`line-${line}`}
                  >
                    {lineValue(t, kind, s.figures[line])}
                  </dd>
                </div>
              ))}
            </dl>
            {s.adjustment_reason && (
              <p className="mt-3 text-sm text-slate-600">
                <span className="font-medium">{t['agent.st.adjustment_reason']}</span> {s.adjustment_reason}
              </p>
            )}
            {s.approved_at && (
              <p className="mt-1 text-sm text-slate-600">
                {t['agent.st.approved_at']} {when(s.approved_at, locale)}
              </p>
            )}
            {s.override_lines.length > 0 && (
              <div className="mt-4">
                <h3 className="mb-2 text-sm font-semibold text-slate-700">{t['agent.st.overrides']}</h3>
                <List
                  variant={variant}
                  rows={s.override_lines}
                  rowKey={(r) => r.child_partner_id}
                  testId="override-lines"
                  columns={[
                    { key: 'child', header: t['agent.st.child'], cell: (r) => r.child_account },
                    { key: 'ngr', header: t['agent.st.child_ngr'], align: 'right', cell: (r) => money(r.child_ngr) },
                    { key: 'rates', header: t['agent.st.rates'], align: 'right', cell: (r) => `${rate(r.parent_rate_bp)} − ${rate(r.child_rate_bp)}` },
                    { key: 'amount', header: t['agent.st.amount'], align: 'right', cell: (r) => money(r.amount) },
                  ]}
                />
              </div>
            )}
          </>
        )}
      </State>
    </section>
  );
}
