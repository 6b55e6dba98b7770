// The player-protection report for compliance: what players and staff did with limits, reality checks,
// time-outs and self-exclusions in a Taipei date range, the limits in force now, and the exclusions in force now and
// begun in the range, from the protection domain's read API (protection/report-facts.ts).
import type { DbOrTx } from '../../db/client.ts';
import type { ProtectionReportQuery, ProtectionReportView } from '../../../shared/schemas/backoffice/reports.ts';
import * as protectionFacts from '../protection/report-facts.ts';
import { taipeiWindow } from './payments.ts';
import { sortAndPage } from './range.ts';

export async function protectionReport(
  db: DbOrTx,
  q: Pick<ProtectionReportQuery, 'from' | 'to' | 'sort' | 'order'>,
  now = new Date(),
): Promise<ProtectionReportView> {
  const { from, to } = q;
  const { start, end } = taipeiWindow(from, to);
  const [actions, actionPlayers, limits, exclusions] = await Promise.all([
    protectionFacts.protectionActions(db, start, end),
    protectionFacts.protectionActionPlayers(db, start, end),
    protectionFacts.limitsInForce(db),
    protectionFacts.exclusionFigures(db, start, end, now),
  ]);
  const byKey = (a: { k: string }, b: { k: string }) => a.k.localeCompare(b.k);
  const actionRows = actions
    .map((a) => ({ k: `${a.action} ${a.kind}`, action: a.action, kind: a.kind, events: a.events, players: a.players, by_staff: a.byStaff }))
    .sort(byKey);
  const limitRows = limits.rows.map((l) => ({ k: `${l.kind} ${l.period}`, ...l })).sort(byKey);
  const exclusionRows = exclusions.map((e) => ({ k: `${e.kind} ${e.duration}`, ...e })).sort(byKey);
  return {
    from,
    to,
    // Sorted by the operator's column; rows that tie stay in action and kind order.
    actions: sortAndPage(actionRows, (r) => (q.sort === 'action' ? r.k : r[q.sort]), q.order, 1, actionRows.length).map(({ k: _k, ...r }) => r),
    limits: limitRows.map(({ k: _k, ...r }) => r),
    exclusions: exclusionRows.map(({ k: _k, ...r }) => r),
    totals: {
      events: actions.reduce((s, a) => s + a.events, 0),
      players: actionPlayers,
      players_with_limits: limits.playersWithLimits,
      reality_checks: limits.rows.filter((l) => l.kind === 'reality').reduce((s, l) => s + l.players, 0),
      exclusions_active: exclusions.reduce((s, e) => s + e.active, 0),
      exclusions_started: exclusions.reduce((s, e) => s + e.started, 0),
    },
  };
}
