// The retention report: cohorts of the players registered in each Taipei week (Monday to Sunday) and, for
// each week since, the share of them active (a settled bet or a deposit) and depositing, read from the reports' own
// report_active_days; and each cohort's first-deposit conversion (ever, and within 7 days of registering) from the
// ledger's first deposits. The cohort's players come from auth's read API as a sub-select, so each figure is one
// statement whatever the cohort's size.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { RetentionCohortView, RetentionReportQuery, RetentionReportView } from '../../../shared/schemas/backoffice/reports.ts';
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';
import * as authFacts from '../auth/report-facts.ts';
import * as ledgerFacts from '../../ledger/report-facts.ts';
import { ACTIVE_SOURCE } from './activity.ts';
import { sharePct } from './payments.ts';
import { daysOf, sortAndPage } from './range.ts';

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday of a day's week, and the Sunday. */
export function weekOf(day: string): { monday: string; sunday: string } {
  const ms = dayMs(day);
  const back = (new Date(ms).getUTCDay() + 6) % 7;
  return { monday: dayText(ms - back * DAY_MS), sunday: dayText(ms + (6 - back) * DAY_MS) };
}

async function cohortSizes(db: DbOrTx, from: string, to: string) {
  const res = await db.execute<{ week_start: string; players: number; converted: number; converted_7d: number }>(sql`
    select c.week_start::text as week_start, count(*)::int as players, count(f.player_id)::int as converted,
      count(f.player_id) filter (where f.day <= c.registered_on + 6)::int as converted_7d
    from ${authFacts.cohortPlayers(from, to)} c left join ${ledgerFacts.firstDepositDays()} f on f.player_id = c.player_id
    group by 1`);
  return res.rows.map((r) => ({ weekStart: r.week_start, players: Number(r.players), converted: Number(r.converted), converted7d: Number(r.converted_7d) }));
}

async function cohortWeeks(db: DbOrTx, from: string, to: string, weeks: number) {
  const res = await db.execute<{ week_start: string; k: number; active: number; depositing: number }>(sql`
    select c.week_start::text as week_start, ((a.day - c.week_start) / 7)::int as k, count(*)::int as active,
      count(*) filter (where a.deposited)::int as depositing
    from ${authFacts.cohortPlayers(from, to)} c
    join lateral (select ((a.day - c.week_start) / 7) * 7 + c.week_start as day, bool_or(a.sources & ${ACTIVE_SOURCE.deposit}::smallint <> 0) as deposited
      from report_active_days a where a.player_id = c.player_id and a.day >= c.week_start and a.day < c.week_start + ${weeks * 7}::int
      group by 1) a on true
    group by 1, 2`);
  return res.rows.map((r) => ({ weekStart: r.week_start, k: Number(r.k), active: Number(r.active), depositing: Number(r.depositing) }));
}

/** A cohort's sort key: its week, a count, or a share (none sorts below every share). */
function cohortKey(sort: RetentionReportQuery['sort']) {
  return (c: RetentionCohortView): number | string => {
    const v = c[sort];
    return typeof v === 'number' || sort === 'week_start' ? (v as number | string) : v === null ? -1 : Number(v);
  };
}

export async function retentionReport(
  db: DbOrTx,
  q: Pick<RetentionReportQuery, 'from' | 'to' | 'weeks' | 'sort' | 'order'>,
  now = new Date(),
): Promise<RetentionReportView> {
  const { from, to, weeks } = q;
  daysOf(from, to);
  const first = weekOf(from).monday;
  const last = weekOf(to).sunday;
  const today = taipeiDate(now);
  const [sizes, cells] = await Promise.all([cohortSizes(db, first, last), cohortWeeks(db, first, last, weeks)]);
  const bySize = new Map(sizes.map((s) => [s.weekStart, s]));
  const cohorts: RetentionCohortView[] = [];
  for (let monday = first; monday <= last; monday = dayText(dayMs(monday) + 7 * DAY_MS)) {
    const size = bySize.get(monday) ?? { players: 0, converted: 0, converted7d: 0 };
    const started = Math.min(weeks, Math.floor((dayMs(today) - dayMs(monday)) / (7 * DAY_MS)) + 1);
    cohorts.push({
      week_start: monday,
      players: size.players,
      converted: size.converted,
      converted_7d: size.converted7d,
      conversion_pct: sharePct(size.converted, size.players),
      conversion_7d_pct: sharePct(size.converted7d, size.players),
      cells: Array.from({ length: Math.max(0, started) }, (_, k) => {
        const c = cells.find((x) => x.weekStart === monday && x.k === k);
        return {
          week: k,
          active: c?.active ?? 0,
          depositing: c?.depositing ?? 0,
          active_pct: sharePct(c?.active ?? 0, size.players),
          depositing_pct: sharePct(c?.depositing ?? 0, size.players),
        };
      }),
    });
  }
  const sum = (f: (s: (typeof sizes)[number]) => number) => sizes.reduce((n, s) => n + f(s), 0);
  const players = sum((s) => s.players);
  return {
    from: first,
    to: last,
    weeks,
    cohorts: sortAndPage(cohorts, cohortKey(q.sort), q.order, 1, cohorts.length),
    totals: {
      players,
      converted: sum((s) => s.converted),
      converted_7d: sum((s) => s.converted7d),
      conversion_pct: sharePct(
        sum((s) => s.converted),
        players,
      ),
      conversion_7d_pct: sharePct(
        sum((s) => s.converted7d),
        players,
      ),
    },
  };
}
