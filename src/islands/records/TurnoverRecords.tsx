// The turnover record (desktop /member/actions-record, mobile /mobile/f-trans-record/actions-record):
// GET /api/players/turnover over a date range of the last 30 days (quick ranges today, yesterday, last 7 and last 30
// days; start dates from 00:00:00 and end dates to 23:59:59 Asia/Taipei), 10 rows to a page: the valid bet per day
// and game group, the progress against the withdrawal turnover requirement, and each active activity wallet's
// bet-flow target.
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import type { TurnoverAnswer } from '../../shared/schemas/turnover.ts';
import { failureText } from '../../stores/wallet.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { DateRangeForm, rangeLabels } from '../common/DateRangeForm.tsx';
import { RecordTable, type RecordColumn } from '../common/RecordTable.tsx';
import { useDateRecords } from '../common/useDateRecords.ts';

const GROUPS = ['slots', 'fish', 'cards', 'lottery', 'sports', 'casino', 'esports'] as const;

export const TURNOVER_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'turnover.login',
  'turnover.intro',
  'turnover.progress',
  'turnover.withdraw.title',
  'turnover.withdraw.none',
  'turnover.withdraw.done',
  'turnover.withdraw.deposits',
  'turnover.required',
  'turnover.achieved',
  'turnover.remaining',
  'turnover.wallets.title',
  'turnover.wallets.none',
  'turnover.wallet.done',
  'turnover.col.date',
  'turnover.col.group',
  'turnover.col.bets',
  'turnover.col.valid',
  'turnover.total_valid',
  'turnover.rows',
  'turnover.empty',
  'turnover.note',
  'bets.quick',
  'bets.range.today',
  'bets.range.yesterday',
  'bets.range.last7',
  'bets.range.last30',
  'bets.date_start',
  'bets.date_end',
  'bets.search',
  'bets.range_invalid',
  'bets.loading',
  'bets.prev',
  'bets.next',
  'bets.page',
  'error.generic',
  'error.network',
  'records.retry',
  ...GROUPS.map((g) => `lobby.group.${g}` as const),
] as const;
type T = Record<(typeof TURNOVER_KEYS)[number], string>;

type Row = TurnoverAnswer['data'][number];

/** Achieved over target as a whole percentage, capped at 100; a target of nothing is reached. */
function percent(achieved: string, target: string): number {
  const a = Number(achieved);
  const t = Number(target);
  if (!(t > 0)) return 100;
  return Math.min(100, Math.floor((a / t) * 100));
}

export default function TurnoverRecords({ t, locale, variant }: { t: T; locale: Locale; variant: Variant }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const { range, records } = useDateRecords(
    'last7',
    !!user,
    ({ filters, page, pageSize, signal }) =>
      api('GET /players/turnover', {
        query: { date_start: `${filters.start} 00:00:00`, date_end: `${filters.end} 23:59:59`, page, pageSize },
        signal,
      }),
    (err) => failureText(err, t['error.generic']),
  );

  if (!ready) return <Spinner label={t['bets.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} message={t['turnover.login']} />;

  const mobile = variant === 'mobile';
  const answer = records.answer;
  const groupName = (g: string) => ((GROUPS as readonly string[]).includes(g) ? t[`lobby.group.${g as (typeof GROUPS)[number]}`] : g);
  const columns: Array<RecordColumn<Row, keyof T>> = [
    { key: 'date', header: 'turnover.col.date', className: 'whitespace-nowrap text-slate-600', cell: (r) => r.date },
    { key: 'group', header: 'turnover.col.group', cell: (r) => groupName(r.game_type) },
    { key: 'bets', header: 'turnover.col.bets', align: 'right', className: 'tabular-nums', cell: (r) => r.bets },
    {
      key: 'valid',
      header: 'turnover.col.valid',
      align: 'right',
      className: 'font-semibold tabular-nums',
      cell: (r) => formatDecimal(r.valid_bet),
      total: answer ? { value: formatDecimal(answer.total_valid_bet) } : undefined,
    },
  ];

  return (
    <div data-testid="turnover" className="space-y-4">
      <p className="text-sm text-slate-600">{t['turnover.intro']}</p>

      {answer === null ? (
        records.error ? null : (
          <Spinner label={t['bets.loading']} />
        )
      ) : (
        <div className={`grid gap-3 ${mobile ? '' : 'grid-cols-2'}`}>
          <section
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="turnover-withdraw"
            aria-labelledby="turnover-withdraw-title"
          >
            <h2 id="turnover-withdraw-title" className="font-semibold text-slate-800">
              {t['turnover.withdraw.title']}
            </h2>
            {answer.withdraw.deposits === 0 ? (
              <p className="mt-2 text-sm text-slate-500" data-testid="turnover-withdraw-none">
                {t['turnover.withdraw.none']}
              </p>
            ) : (
              <Progress
                t={t}
                achieved={answer.withdraw.achieved}
                target={answer.withdraw.required}
                remaining={answer.withdraw.remaining}
                done={answer.withdraw.done}
                doneText={t['turnover.withdraw.done']}
                note={fill(t['turnover.withdraw.deposits'], { n: answer.withdraw.deposits })}
              />
            )}
          </section>
          <section
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="turnover-wallets"
            aria-labelledby="turnover-wallets-title"
          >
            <h2 id="turnover-wallets-title" className="font-semibold text-slate-800">
              {t['turnover.wallets.title']}
            </h2>
            {!answer.wallets.length ? (
              <p className="mt-2 text-sm text-slate-500" data-testid="turnover-wallets-none">
                {t['turnover.wallets.none']}
              </p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-100">
                {answer.wallets.map((w) => (
                  <li key={w.id} className="py-2" data-testid="turnover-wallet">
                    <p className="text-sm font-medium text-slate-700">{locale === 'en' && w.name_en ? w.name_en : w.name}</p>
                    <Progress t={t} achieved={w.achieved} target={w.target} remaining={w.remaining} done={w.done} doneText={t['turnover.wallet.done']} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}

      <DateRangeForm
        range={range}
        labels={rangeLabels(t, 'bets', t['turnover.note'])}
        variant={variant}
        busy={records.loading}
        layout="grid"
        desktopGrid="grid-cols-[1fr_1fr_auto]"
        onSearch={records.search}
      />

      <RecordTable
        t={t}
        paging={records}
        variant={variant}
        rowKey={(r) => `${r.date}|${r.game_type}`}
        columns={columns}
        compact
        texts={{
          loading: 'bets.loading',
          empty: 'turnover.empty',
          prev: 'bets.prev',
          next: 'bets.next',
          page: 'bets.page',
          total: 'turnover.rows',
          retry: 'records.retry',
        }}
        totals={{ label: t['turnover.total_valid'], testId: 'turnover-total' }}
        summary={
          answer && (
            <p className="rounded-lg bg-brand-700 p-3 text-sm text-white shadow-sm" data-testid="turnover-total">
              <span className="text-slate-300">{t['turnover.total_valid']}</span>
              <span className="float-right font-semibold tabular-nums text-gold-300">{formatDecimal(answer.total_valid_bet)}</span>
            </p>
          )
        }
        cardClassName="flex items-center justify-between gap-2"
        card={(r) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold">{groupName(r.game_type)}</p>
              <p className="text-xs text-slate-500">
                {r.date} · {t['turnover.col.bets']} {r.bets}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-xs text-slate-500">{t['turnover.col.valid']}</p>
              <p className="font-semibold tabular-nums">{formatDecimal(r.valid_bet)}</p>
            </div>
          </>
        )}
      />
    </div>
  );
}

function Progress(props: { t: T; achieved: string; target: string; remaining: string; done: boolean; doneText: string; note?: string }) {
  const { t } = props;
  const pct = props.done ? 100 : percent(props.achieved, props.target);
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="turnover-progress">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={t['turnover.progress']}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className={`h-full ${props.done ? 'bg-emerald-500' : 'bg-brand-600'}`} style={{ width: `${pct}%` }} />
      </div>
      <dl className="grid grid-cols-3 gap-1 text-xs">
        <div>
          <dt className="text-slate-500">{t['turnover.achieved']}</dt>
          <dd className="font-semibold tabular-nums" data-testid="progress-achieved">
            {formatDecimal(props.achieved)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t['turnover.required']}</dt>
          <dd className="font-semibold tabular-nums" data-testid="progress-target">
            {formatDecimal(props.target)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t['turnover.remaining']}</dt>
          <dd className="font-semibold tabular-nums" data-testid="progress-remaining">
            {formatDecimal(props.remaining)}
          </dd>
        </div>
      </dl>
      <p className={`text-xs ${props.done ? 'text-emerald-700' : 'text-slate-500'}`}>
        {props.done ? props.doneText : `${pct}%${props.note ? ` · ${props.note}` : ''}`}
      </p>
    </div>
  );
}
