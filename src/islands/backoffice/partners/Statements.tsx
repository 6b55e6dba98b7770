// The statements queue: one row per partner and period with its commission and how many fraud signals stand beside
// it; opened, every line of the statement and the signals themselves (players sharing a registration address, device,
// address or bank card, with the partner or with each other; CPA players who stopped after the threshold). Operators
// adjust (an amount and a reason), hold (a reason), approve (the commission is paid into the partner's wallet), or
// approve several at once. The settlement of a period can be run from here too; a rerun leaves approved ones alone.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type * as v from 'valibot';
import { Banner, ListState, cls, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoAction } from '../kit/form.tsx';
import { partnerCodeName } from '../kit/codes.ts';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { PERIOD_RE, STATEMENT_STATUSES, type PeriodKind } from '../../../shared/schemas/partners/common.ts';
import { lastClosedPeriodKey } from '../../../shared/partner-periods.ts';
import { pbApi, usePbData } from './api.ts';
import type { PartnerRoutes } from './routes.ts';
import { PB_KEYS, PbGuard, Pill, money, num, rate, useReason, type PbT } from './shared.tsx';

/** Every line of a statement, in the order it reads. */
const LINES = [
  'players_registered',
  'first_depositors',
  'active_players',
  'deposits',
  'withdrawals',
  'bets',
  'valid_bet',
  'ggr',
  'bonuses',
  'payment_fees',
  'platform_fees',
  'ngr',
  'carry_in',
  'carry_out',
  'tier',
  'rate_bp',
  'revenue_share',
  'cpa_players',
  'cpa',
  'overrides',
  'adjustment',
  'commission',
] as const;

export const STATEMENTS_BO_KEYS = [
  ...PB_KEYS,
  ...LINES.map((l) => `bo.pt.line.${l}` as const),
  'bo.pt.st.period',
  'bo.pt.st.period_hint',
  'bo.pt.st.status',
  'bo.pt.st.partner',
  'bo.pt.st.commission',
  'bo.pt.st.signals',
  'bo.pt.st.built',
  'bo.pt.st.open',
  'bo.pt.st.apply',
  'bo.pt.st.approve',
  'bo.pt.st.hold',
  'bo.pt.st.adjust',
  'bo.pt.st.bulk',
  'bo.pt.st.bulk_done',
  'bo.pt.st.approve_confirm',
  'bo.pt.st.bulk_confirm',
  'bo.pt.st.hold_title',
  'bo.pt.st.adjust_title',
  'bo.pt.st.adjust_message',
  'bo.pt.st.done',
  'bo.pt.st.run',
  'bo.pt.st.run_hint',
  'bo.pt.st.run_done',
  'bo.pt.st.no_signals',
  'bo.pt.st.signal_players',
  'bo.pt.st.with_partner',
  'bo.pt.st.overrides',
  'bo.pt.st.adjust_reason',
  'bo.pt.st.tier',
  'bo.pt.st.no_tier',
  'bo.pt.st.select',
  'bo.pt.st.empty',
  'bo.pt.st.period_invalid',
] as const;
type K = (typeof STATEMENTS_BO_KEYS)[number];
type T = IslandProps<K>['t'];
type Row = v.InferOutput<PartnerRoutes['GET /statements']>['data'][number];
type Statement = v.InferOutput<PartnerRoutes['GET /statements/:id']>['statement'];
const PAGE_SIZE = 50;

export default function StatementsQueue({ t, locale }: IslandProps<K>) {
  return (
    <PbGuard t={t} locale={locale} permission="partners.read">
      {() => <Body t={t} locale={locale} />}
    </PbGuard>
  );
}

/**
 * The period kind the settle field proposes: the default plan's (the one most partners are on), else the first plan's,
 * else a month, so a programme settled weekly is offered last week rather than a month its plans never use.
 */
function planKind(plans: ReadonlyArray<{ period_kind: PeriodKind; is_default: boolean }> | null): PeriodKind {
  return (plans?.find((p) => p.is_default) ?? plans?.[0])?.period_kind ?? 'month';
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canSettle = hasPermission(staff, 'partners.settle');
  const [filters, setFilters] = useState({ period: '', status: 'pending' });
  const [draft, setDraft] = useState({ period: '', status: 'pending' });
  const [periodError, setPeriodError] = useState('');
  const plans = usePbData('GET /plans');
  const kind = planKind(plans.data);
  // Untouched, the field follows the plans as they load: the last closed period of the plan's kind.
  const [typedPeriod, setRunPeriod] = useState<string | null>(null);
  const runPeriod = typedPeriod ?? lastClosedPeriodKey(kind, new Date());
  const list = usePbData('GET /statements', { query: filters, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<number | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);

  const apply = () => {
    if (draft.period && !PERIOD_RE.test(draft.period)) return setPeriodError(t['bo.pt.st.period_invalid']);
    setPeriodError('');
    setPicked(new Set());
    setFilters(draft);
  };
  const bulk = async () => {
    if (!picked.size || !(await ask(fill(t['bo.pt.st.bulk_confirm'], { n: picked.size })))) return;
    const done = await action.run(
      () => pbApi('POST /statements/bulk-approve', { body: { ids: [...picked] } }),
      (a) => fill(t['bo.pt.st.bulk_done'], { approved: a.approved.length, skipped: a.skipped.length }),
    );
    if (done) {
      setPicked(new Set());
      void list.reload();
    }
  };
  const run = async () => {
    if (!PERIOD_RE.test(runPeriod)) return action.setNotice({ kind: 'error', text: t['bo.pt.st.period_invalid'] });
    await action.run(
      () => pbApi('POST /settlement/run', { body: { period: runPeriod } }),
      (a) => fill(t['bo.pt.st.run_done'], { period: a.period, built: a.built, unchanged: a.unchanged, final: a.skipped_final }),
      ['period'],
    );
    void list.reload();
  };
  const rows = list.data?.data ?? [];
  const pickable = rows.filter((r) => r.status !== 'approved');
  const columns: Array<BoColumn<Row, K>> = [
    {
      key: 'pick',
      header: 'bo.pt.st.select',
      headerCell: canSettle ? (
        <input
          type="checkbox"
          aria-label={t['bo.pt.st.select']}
          checked={pickable.length > 0 && pickable.every((r) => picked.has(r.id))}
          onChange={(e) => setPicked(e.target.checked ? new Set(pickable.map((r) => r.id)) : new Set())}
        />
      ) : null,
      cell: (r) =>
        canSettle && r.status !== 'approved' ? (
          <input
            type="checkbox"
            aria-label={`${t['bo.pt.st.select']} ${r.partner_account} ${r.period}`}
            checked={picked.has(r.id)}
            data-testid="statement-pick"
            onChange={(e) => {
              const next = new Set(picked);
              if (e.target.checked) next.add(r.id);
              else next.delete(r.id);
              setPicked(next);
            }}
          />
        ) : null,
    },
    { key: 'period', header: 'bo.pt.st.period', cell: (r) => r.period },
    {
      key: 'partner',
      header: 'bo.pt.st.partner',
      cell: (r) => (
        <a className="text-brand-700 underline" href={`${locale === 'en' ? '/en' : ''}/backoffice/partners?id=${r.partner_id}`}>
          {r.partner_account}
        </a>
      ),
      testId: 'statement-partner',
    },
    { key: 'status', header: 'bo.pt.st.status', cell: (r) => <Pill t={t} kind="statement" code={r.status} testId="statement-status" /> },
    { key: 'ngr', header: 'bo.pt.line.ngr', align: 'right', className: 'tabular-nums', cell: (r) => money(r.figures.ngr) },
    {
      key: 'commission',
      header: 'bo.pt.st.commission',
      align: 'right',
      className: 'font-semibold tabular-nums',
      cell: (r) => money(r.figures.commission),
      testId: 'statement-commission',
    },
    {
      key: 'signals',
      header: 'bo.pt.st.signals',
      align: 'right',
      cell: (r) =>
        r.signals > 0 ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid="statement-signals">
            {r.signals}
          </span>
        ) : (
          <span className="text-slate-400" data-testid="statement-signals">
            0
          </span>
        ),
    },
    { key: 'built', header: 'bo.pt.st.built', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.built_at, locale) },
    {
      key: 'open',
      header: 'bo.actions',
      cell: (r) => (
        <button
          type="button"
          className={cls.btnSmall}
          aria-expanded={open === r.id}
          onClick={() => setOpen(open === r.id ? null : r.id)}
          data-testid="statement-open"
        >
          {t['bo.pt.st.open']}
        </button>
      ),
    },
  ];
  return (
    <div className="max-w-[1500px] space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <label className="block">
            <span className={cls.label}>{t['bo.pt.st.period']}</span>
            <input
              name="period"
              value={draft.period}
              placeholder={t['bo.pt.st.period_hint']}
              maxLength={8}
              className={`${cls.input} w-36`}
              aria-invalid={!!periodError}
              onChange={(e) => setDraft({ ...draft, period: e.target.value.trim() })}
            />
          </label>
          <label className="block">
            <span className={cls.label}>{t['bo.pt.st.status']}</span>
            <select name="status" value={draft.status} className={cls.input} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
              <option value="">{t['bo.pt.all']}</option>
              {STATEMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {partnerCodeName(t, 'statement', s)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={cls.btnGhost} data-testid="statements-apply">
            {t['bo.pt.st.apply']}
          </button>
          {periodError && (
            <p className={cls.fieldError} role="alert">
              {periodError}
            </p>
          )}
        </form>
        {canSettle && (
          <form
            noValidate
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void run();
            }}
            data-testid="settle-form"
          >
            <label className="block">
              <span className={cls.label}>{t['bo.pt.st.run']}</span>
              <input
                name="run_period"
                value={runPeriod}
                maxLength={8}
                className={`${cls.input} w-32`}
                aria-describedby="settle-run-hint"
                onChange={(e) => setRunPeriod(e.target.value.trim())}
              />
              <span id="settle-run-hint" className="mt-1 block text-xs text-slate-500" data-testid="settle-run-hint">
                {fill(t['bo.pt.st.run_hint'], { kind: partnerCodeName(t, 'period_kind', kind) })}
              </span>
            </label>
            <button type="submit" className={cls.btnGhost} disabled={action.busy} data-testid="settle-run">
              {t['bo.pt.st.run']}
            </button>
          </form>
        )}
      </div>
      {action.notice && (
        <Banner kind={action.notice.kind} testId="statements-notice">
          {action.notice.text}
        </Banner>
      )}
      {canSettle && (
        <div className="flex items-center gap-3">
          <button type="button" className={cls.btn} disabled={!picked.size || action.busy} onClick={() => void bulk()} data-testid="statements-bulk">
            {fill(t['bo.pt.st.bulk'], { n: picked.size })}
          </button>
        </div>
      )}
      <section className={cls.card}>
        <BoTable
          t={t}
          list={list}
          columns={columns}
          rowKey={(r) => r.id}
          testId="statements"
          rowTestId="statement-row"
          scroll
          below={(r) =>
            open === r.id ? (
              <tr>
                <td colSpan={columns.length} className="bg-slate-50 p-4">
                  <Detail
                    t={t}
                    id={r.id}
                    canSettle={canSettle}
                    onChanged={(text) => {
                      action.setNotice({ kind: 'success', text });
                      void list.reload();
                    }}
                  />
                </td>
              </tr>
            ) : null
          }
        />
      </section>
      {dialog}
    </div>
  );
}

function lineText(t: T, line: (typeof LINES)[number], s: Statement): string {
  const value = s.figures[line];
  if (line === 'tier') return value === null ? t['bo.pt.st.no_tier'] : fill(t['bo.pt.st.tier'], { n: (value as number) + 1 });
  if (line === 'rate_bp') return rate(value as number);
  if (typeof value === 'number') return num(value);
  return money(value as string);
}

function Detail({ t, id, canSettle, onChanged }: { t: T; id: number; canSettle: boolean; onChanged: (text: string) => void }) {
  const one = usePbData('GET /statements/:id', { params: { id } });
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const reason = useReason(t as unknown as PbT);
  const s = one.data?.statement;
  const act = async (kind: 'approve' | 'hold' | 'adjust') => {
    if (!s) return;
    let call: () => Promise<unknown>;
    if (kind === 'approve') {
      if (!(await ask(fill(t['bo.pt.st.approve_confirm'], { partner: s.partner_account, period: s.period, amount: money(s.figures.commission) })))) return;
      call = () => pbApi('POST /statements/:id/approve', { params: { id }, body: {} });
    } else if (kind === 'hold') {
      const got = await reason.ask(t['bo.pt.st.hold_title'], `${s.partner_account} · ${s.period}`);
      if (!got) return;
      call = () => pbApi('POST /statements/:id/hold', { params: { id }, body: { reason: got.reason } });
    } else {
      const got = await reason.ask(t['bo.pt.st.adjust_title'], t['bo.pt.st.adjust_message'], { amount: true });
      if (!got) return;
      call = () => pbApi('POST /statements/:id/adjust', { params: { id }, body: { amount: got.amount, reason: got.reason } });
    }
    // The outcome is told above the queue: an approved or held statement may leave the filtered list, and this with it.
    if (await action.run(call, undefined, ['amount', 'reason'])) {
      void one.reload();
      onChanged(fill(t['bo.pt.st.done'], { partner: s.partner_account, period: s.period, action: t[`bo.pt.st.${kind}`] }));
    }
  };
  return (
    <div data-testid="statement-detail">
      <ListState t={t} loading={one.state.loading} error={one.error} retry={one.reload}>
        {s && one.data && (
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-6">
            <div>
              {action.notice && (
                <Banner kind={action.notice.kind} testId="statement-notice">
                  {action.notice.text}
                </Banner>
              )}
              <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 text-sm" data-testid="statement-lines">
                {LINES.map((line) => (
                  <div key={line} className="contents">
                    <dt className={`border-b border-slate-200 py-1 text-slate-600 ${line === 'commission' ? 'font-semibold text-brand-800' : ''}`}>
                      {t[`bo.pt.line.${line}`]}
                    </dt>
                    <dd
                      className={`border-b border-slate-200 py-1 text-right font-mono tabular-nums ${line === 'commission' ? 'font-bold' : ''}`}
                      data-testid={`line-${line}`}
                    >
                      {lineText(t, line, s)}
                    </dd>
                  </div>
                ))}
              </dl>
              {s.adjustment_reason && (
                <p className="mt-2 text-sm text-slate-600">
                  {t['bo.pt.st.adjust_reason']} {s.adjustment_reason}
                </p>
              )}
              {s.override_lines.length > 0 && (
                <div className="mt-3 text-sm">
                  <h4 className="mb-1 font-semibold text-slate-700">{t['bo.pt.st.overrides']}</h4>
                  <ul>
                    {s.override_lines.map((o) => (
                      <li key={o.child_partner_id}>
                        {o.child_account}: {money(o.child_ngr)} × ({rate(o.parent_rate_bp)} − {rate(o.child_rate_bp)}) = {money(o.amount)}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {canSettle && s.status !== 'approved' && (
                <div className="mt-4 flex gap-2">
                  <button type="button" className={cls.btn} disabled={action.busy} onClick={() => void act('approve')} data-testid="statement-approve">
                    {t['bo.pt.st.approve']}
                  </button>
                  <button type="button" className={cls.btnGhost} disabled={action.busy} onClick={() => void act('adjust')} data-testid="statement-adjust">
                    {t['bo.pt.st.adjust']}
                  </button>
                  {s.status !== 'held' && (
                    <button type="button" className={cls.btnGhost} disabled={action.busy} onClick={() => void act('hold')} data-testid="statement-hold">
                      {t['bo.pt.st.hold']}
                    </button>
                  )}
                </div>
              )}
            </div>
            <div>
              <h4 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.pt.st.signals']}</h4>
              {one.data.signals.length === 0 ? (
                <p className="text-sm text-slate-500" data-testid="signals-none">
                  {t['bo.pt.st.no_signals']}
                </p>
              ) : (
                <ul className="space-y-2" data-testid="signals">
                  {one.data.signals.map((g, i) => (
                    <li key={i} className="rounded border border-red-200 bg-red-50 p-2 text-sm" data-testid="signal" data-kind={g.kind}>
                      <p className="font-semibold text-red-800">
                        {partnerCodeName(t, 'fraud', g.kind)}{' '}
                        {g.with_partner && <span className="ml-1 rounded bg-red-700 px-1.5 text-xs text-white">{t['bo.pt.st.with_partner']}</span>}
                      </p>
                      {g.value && <p className="font-mono text-xs text-slate-700">{g.value}</p>}
                      <p className="text-xs text-slate-600">
                        {fill(t['bo.pt.st.signal_players'], { n: g.player_ids.length })}:{' '}
                        {g.player_ids
                          .slice(0, 20)
                          .map((p) => `#${p}`)
                          .join(', ')}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </ListState>
      {dialog}
      {reason.dialog}
    </div>
  );
}
