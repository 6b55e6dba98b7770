// The partner report: one row per partner for a period (players, registrations, first-time depositors, active
// players, deposits, withdrawals, valid bet, GGR, bonuses, NGR, and the statement's commission and status once
// built), and a drill-down to the partner's players for the same period.
import { useState } from 'react';
import type * as v from 'valibot';
import { cls, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { PERIOD_RE } from '../../../shared/schemas/partners/common.ts';
import { taipeiDate } from '../../../shared/time.ts';
import { usePbData } from './api.ts';
import type { PartnerRoutes } from './routes.ts';
import { PB_KEYS, PbGuard, Pill, money, num } from './shared.tsx';

export const REPORT_KEYS = [
  ...PB_KEYS,
  'bo.pt.rep.period',
  'bo.pt.rep.apply',
  'bo.pt.rep.partner',
  'bo.pt.rep.level',
  'bo.pt.rep.players',
  'bo.pt.rep.registrations',
  'bo.pt.rep.ftd',
  'bo.pt.rep.active',
  'bo.pt.rep.deposits',
  'bo.pt.rep.withdrawals',
  'bo.pt.rep.valid_bet',
  'bo.pt.rep.ggr',
  'bo.pt.rep.bonuses',
  'bo.pt.rep.ngr',
  'bo.pt.rep.commission',
  'bo.pt.rep.statement',
  'bo.pt.rep.drill',
  'bo.pt.rep.players_of',
  'bo.pt.rep.account',
  'bo.pt.rep.registered',
  'bo.pt.rep.first_deposit',
  'bo.pt.rep.bets',
  'bo.pt.rep.cpa',
  'bo.pt.rep.yes',
  'bo.pt.rep.no',
  'bo.pt.rep.not_built',
  'bo.pt.rep.period_invalid',
  'bo.pt.rep.back',
] as const;
type K = (typeof REPORT_KEYS)[number];
type T = IslandProps<K>['t'];
type Row = v.InferOutput<PartnerRoutes['GET /report']>['data'][number];
type PlayerRow = v.InferOutput<PartnerRoutes['GET /report/:id/players']>['data'][number];

export default function PartnerReport({ t, locale }: IslandProps<K>) {
  return (
    <PbGuard t={t} locale={locale} permission="partners.read">
      {() => <Body t={t} locale={locale} />}
    </PbGuard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [period, setPeriod] = useState(() => taipeiDate(new Date()).slice(0, 7));
  const [draft, setDraft] = useState(period);
  const [error, setError] = useState('');
  const [drill, setDrill] = useState<Row | null>(null);
  const list = usePbData('GET /report', { query: { period }, pageSize: 50 });
  const columns: Array<BoColumn<Row, K>> = [
    {
      key: 'partner',
      header: 'bo.pt.rep.partner',
      cell: (r) => (
        <button type="button" className="text-brand-700 underline" onClick={() => setDrill(r)} data-testid="report-drill">
          {r.partner_account}
        </button>
      ),
    },
    { key: 'level', header: 'bo.pt.rep.level', align: 'right', cell: (r) => r.level },
    { key: 'players', header: 'bo.pt.rep.players', align: 'right', cell: (r) => num(r.players) },
    { key: 'registrations', header: 'bo.pt.rep.registrations', align: 'right', cell: (r) => num(r.registrations), testId: 'report-registrations' },
    { key: 'ftd', header: 'bo.pt.rep.ftd', align: 'right', cell: (r) => num(r.first_depositors) },
    { key: 'active', header: 'bo.pt.rep.active', align: 'right', cell: (r) => num(r.active_players) },
    { key: 'deposits', header: 'bo.pt.rep.deposits', align: 'right', className: 'tabular-nums', cell: (r) => money(r.deposits), testId: 'report-deposits' },
    { key: 'withdrawals', header: 'bo.pt.rep.withdrawals', align: 'right', className: 'tabular-nums', cell: (r) => money(r.withdrawals) },
    { key: 'valid_bet', header: 'bo.pt.rep.valid_bet', align: 'right', className: 'tabular-nums', cell: (r) => money(r.valid_bet) },
    { key: 'ggr', header: 'bo.pt.rep.ggr', align: 'right', className: 'tabular-nums', cell: (r) => money(r.ggr) },
    { key: 'bonuses', header: 'bo.pt.rep.bonuses', align: 'right', className: 'tabular-nums', cell: (r) => money(r.bonuses) },
    { key: 'ngr', header: 'bo.pt.rep.ngr', align: 'right', className: 'tabular-nums font-semibold', cell: (r) => money(r.ngr) },
    { key: 'commission', header: 'bo.pt.rep.commission', align: 'right', className: 'tabular-nums', cell: (r) => money(r.commission) },
    {
      key: 'statement',
      header: 'bo.pt.rep.statement',
      cell: (r) =>
        r.statement_status ? (
          <Pill t={t} kind="statement" code={r.statement_status} />
        ) : (
          <span className="text-xs text-slate-500">{t['bo.pt.rep.not_built']}</span>
        ),
    },
  ];
  return (
    <div className="max-w-[1600px] space-y-4">
      <form
        noValidate
        className="flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!PERIOD_RE.test(draft.trim())) return setError(t['bo.pt.rep.period_invalid']);
          setError('');
          setDrill(null);
          setPeriod(draft.trim());
        }}
      >
        <label className="block">
          <span className={cls.label}>{t['bo.pt.rep.period']}</span>
          <input name="period" value={draft} maxLength={8} className={`${cls.input} w-36`} aria-invalid={!!error} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className={cls.btnGhost}>
          {t['bo.pt.rep.apply']}
        </button>
        {error && (
          <p className={cls.fieldError} role="alert">
            {error}
          </p>
        )}
      </form>
      {drill ? (
        <Players t={t} locale={locale} row={drill} period={period} onBack={() => setDrill(null)} />
      ) : (
        <section className={cls.card}>
          <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.partner_id} testId="partner-report" rowTestId="report-row" scroll />
        </section>
      )}
    </div>
  );
}

function Players({ t, locale, row, period, onBack }: { t: T; locale: Locale; row: Row; period: string; onBack: () => void }) {
  const list = usePbData('GET /report/:id/players', { params: { id: row.partner_id }, query: { period }, pageSize: 50 });
  const columns: Array<BoColumn<PlayerRow, K>> = [
    {
      key: 'account',
      header: 'bo.pt.rep.account',
      cell: (r) => (
        <a className="text-brand-700 underline" href={`${locale === 'en' ? '/en' : ''}/backoffice/player?id=${r.player_id}`}>
          {r.account}
        </a>
      ),
    },
    { key: 'registered', header: 'bo.pt.rep.registered', className: 'whitespace-nowrap', cell: (r) => formatTime(r.registered_at, locale) },
    { key: 'ftd', header: 'bo.pt.rep.first_deposit', className: 'whitespace-nowrap', cell: (r) => formatTime(r.first_deposit_at, locale) },
    { key: 'deposits', header: 'bo.pt.rep.deposits', align: 'right', cell: (r) => money(r.deposits) },
    { key: 'withdrawals', header: 'bo.pt.rep.withdrawals', align: 'right', cell: (r) => money(r.withdrawals) },
    { key: 'bets', header: 'bo.pt.rep.bets', align: 'right', cell: (r) => money(r.bets) },
    { key: 'valid_bet', header: 'bo.pt.rep.valid_bet', align: 'right', cell: (r) => money(r.valid_bet) },
    { key: 'ggr', header: 'bo.pt.rep.ggr', align: 'right', cell: (r) => money(r.ggr) },
    { key: 'bonuses', header: 'bo.pt.rep.bonuses', align: 'right', cell: (r) => money(r.bonuses) },
    { key: 'cpa', header: 'bo.pt.rep.cpa', cell: (r) => (r.cpa_qualified ? t['bo.pt.rep.yes'] : t['bo.pt.rep.no']) },
  ];
  return (
    <section className={cls.card} data-testid="report-players">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-semibold text-brand-800">{fill(t['bo.pt.rep.players_of'], { partner: row.partner_account, period })}</h2>
        <button type="button" className={cls.btnGhost} onClick={onBack}>
          {t['bo.pt.rep.back']}
        </button>
      </div>
      <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.player_id} testId="report-players-table" rowTestId="report-player-row" scroll />
    </section>
  );
}
