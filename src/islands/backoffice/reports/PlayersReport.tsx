// The players report: the players active in a Taipei date range who match the operator's filters (level,
// registration days, the activity that counts, amounts deposited or of GGR), largest GGR first, each with the range's
// and the lifetime's figures, paged; the CSV of every matching player (personal data: its own permission).
import { useState } from 'react';
import { Guard, cls, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { boPath } from '../kit/api.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { PLAYER_ACTIVITIES, type PlayerReportRowView } from '../../../shared/schemas/backoffice/reports.ts';
import { CsvButton, REPORT_KEYS, RangeForm, downloadCsv, lastDays, money } from './shared.tsx';

export const PLAYERS_KEYS = [
  ...REPORT_KEYS,
  'bo.reports.col.player_id',
  'bo.reports.col.account',
  'bo.reports.col.level',
  'bo.reports.col.first_day',
  'bo.reports.col.last_day',
  'bo.reports.col.partner',
  'bo.reports.filter.partner',
  'bo.reports.lifetime',
  'bo.reports.period',
  'bo.reports.reg_from',
  'bo.reports.reg_to',
  'bo.reports.activity',
  'bo.reports.min_deposit',
  'bo.reports.min_ggr',
  'bo.reports.note.players',
  ...PLAYER_ACTIVITIES.map((a) => `bo.reports.activity.${a}` as const),
] as const;
type K = (typeof PLAYERS_KEYS)[number];
type T = IslandProps<K>['t'];
type Filters = {
  level: string;
  reg_from: string;
  reg_to: string;
  activity: (typeof PLAYER_ACTIVITIES)[number];
  min_deposit: string;
  min_ggr: string;
  partner: string;
};

const PAGE_SIZE = 50;
const NO_FILTERS: Filters = { level: '', reg_from: '', reg_to: '', activity: 'any', min_deposit: '', min_ggr: '', partner: '' };

export default function PlayersReport({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reports.personal">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

/** The filters that are set, as the query sends them. */
function given(f: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [range, setRange] = useState(() => lastDays(30));
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const query = { ...range, ...given(filters) };
  const list = useBoData('GET /reports/players', { query, pageSize: PAGE_SIZE });
  const field = (name: keyof Filters, label: K, type: string, extra: Record<string, string> = {}) => (
    <label className="text-sm text-slate-600">
      <span className={cls.label}>{t[label]}</span>
      <input type={type} name={name} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} className={cls.input} {...extra} />
    </label>
  );
  return (
    <div className="max-w-[1400px] space-y-4">
      <p className="text-sm text-slate-500">{t['bo.reports.note.players']}</p>
      <RangeForm
        t={t}
        range={range}
        onApply={(r) => {
          setRange(r);
          setFilters(draft);
        }}
      >
        {field('level', 'bo.reports.col.level', 'number', { min: '0', step: '1' })}
        {field('reg_from', 'bo.reports.reg_from', 'date')}
        {field('reg_to', 'bo.reports.reg_to', 'date')}
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.reports.activity']}</span>
          <select
            name="activity"
            value={draft.activity}
            onChange={(e) => setDraft({ ...draft, activity: e.target.value as Filters['activity'] })}
            className={cls.input}
          >
            {PLAYER_ACTIVITIES.map((a) => (
              <option key={a} value={a}>
                {t[`bo.reports.activity.${a}`]}
              </option>
            ))}
          </select>
        </label>
        {field('min_deposit', 'bo.reports.min_deposit', 'text', { inputMode: 'decimal', placeholder: '0.00' })}
        {field('min_ggr', 'bo.reports.min_ggr', 'text', { inputMode: 'decimal', placeholder: '0.00' })}
        {field('partner', 'bo.reports.filter.partner', 'number', { min: '1', step: '1' })}
        <CsvButton t={t} locale={locale} run={(l) => downloadCsv('GET /reports/players/export', query, l)} />
      </RangeForm>
      <section className={cls.card} aria-label={t['bo.reports.table']}>
        <BoTable t={t} list={list} columns={columns(t, locale)} rowKey={(r) => r.player_id} testId="players-table" rowTestId="players-row" scroll />
      </section>
    </div>
  );
}

const PERIOD = ['deposit_amount', 'withdrawal_amount', 'bets', 'ggr', 'bonus_total', 'ngr'] as const;

function columns(t: T, locale: Locale): Array<BoColumn<PlayerReportRowView, K>> {
  const amount = (key: string, header: K, cell: (r: PlayerReportRowView) => string, title: string): BoColumn<PlayerReportRowView, K> => ({
    key,
    header,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    testId: `cell-${key}`,
    cell: (r) => <span title={title}>{money(cell(r))}</span>,
  });
  return [
    {
      key: 'account',
      header: 'bo.reports.col.account',
      className: 'whitespace-nowrap font-medium',
      cell: (r) => (
        <a className="text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${r.player_id}`}>
          {r.account}
        </a>
      ),
    },
    { key: 'level', header: 'bo.reports.col.level', align: 'right', cell: (r) => r.level_id },
    ...PERIOD.map((f) => amount(f, `bo.reports.col.${f}` as K, (r) => r[f], t['bo.reports.period'])),
    ...PERIOD.map((f) => amount(`lifetime_${f}`, `bo.reports.col.${f}` as K, (r) => r.lifetime[f], t['bo.reports.lifetime'])),
    { key: 'first_day', header: 'bo.reports.col.first_day', className: 'whitespace-nowrap', cell: (r) => r.first_day ?? '—' },
    { key: 'last_day', header: 'bo.reports.col.last_day', className: 'whitespace-nowrap', cell: (r) => r.last_day ?? '—' },
    { key: 'partner', header: 'bo.reports.col.partner', cell: (r) => r.partner ?? '—' },
  ];
}
