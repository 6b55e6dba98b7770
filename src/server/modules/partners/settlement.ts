// The settlement of a period: one statement per partner and period, built from the daily aggregates the
// bets domain and the ledger keep (through their read APIs, joined on this domain's bindings), never from the bet
// records themselves. A run holds a transaction-scoped advisory lock, so two runs (two instances, the job and an
// operator) follow each other and the second writes the same figures again; held and approved statements are never
// rewritten. A partner's tree settles on its top partner's plan period (month or week).
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { betTotalsByGroup, validBetInWindows } from '../bets/report-facts.ts';
import { firstDepositsByGroupAndDay, firstDepositsOf, moneyByGroup } from '../../ledger/report-facts.ts';
import type { PeriodKind } from '../../../shared/schemas/partners/common.ts';
import { BONUS_GRANT_KINDS, BONUS_RETURN_KINDS } from '../../../shared/journal-kinds.ts';
import { computePeriod, emptyFigures, type Computed, type OwnFigures, type PartnerNode, type PlanTerms } from './commission.ts';
import { addDays, parsePeriod, periodInstants, previousPeriod, type Period } from './periods.ts';
import * as repo from './repository.ts';

/** Transaction-scoped lock every settlement run takes: runs of any period follow each other. */
export const SETTLEMENT_LOCK_ID = 7_240_172;
/** The journal kinds counted as bonuses paid to a partner's players (net: a given-up or forfeited bonus subtracts). */
const BONUS_KINDS = new Set<string>([...BONUS_GRANT_KINDS, ...BONUS_RETURN_KINDS]);

export interface SettleResult {
  period: string;
  built: number;
  unchanged: number;
  skippedFinal: number;
}

export function planTerms(plan: repo.PlanRow | undefined): PlanTerms | null {
  if (!plan) return null;
  return {
    tiers: plan.tiers.map((t) => ({ minNgrMinor: BigInt(t.minNgrMinor), minActivePlayers: t.minActivePlayers, rateBp: t.rateBp })),
    carryOver: plan.carryOver,
    paymentFeeBp: plan.paymentFeeBp,
    platformFees: new Map(plan.platformFees.map((f) => [f.gameGroup, f.feeBp])),
  };
}

/** The partners whose trees settle on periods of this kind, as the arithmetic's nodes. */
export function nodesOfKind(all: repo.PartnerRow[], plans: Map<number, repo.PlanRow>, kind: PeriodKind): PartnerNode[] {
  const byId = new Map(all.map((p) => [p.id, p]));
  const rootOf = (p: repo.PartnerRow): repo.PartnerRow => (p.parentId !== null && byId.get(p.parentId) ? rootOf(byId.get(p.parentId)!) : p);
  return all
    .filter((p) => (plans.get(rootOf(p).planId ?? 0)?.periodKind ?? 'month') === kind)
    .map((p) => ({
      id: p.id,
      account: p.account,
      parentId: p.parentId,
      level: p.level,
      active: p.status === 'active',
      rateCapBp: p.rateCapBp,
      plan: planTerms(p.planId === null ? undefined : plans.get(p.planId)),
    }));
}

/** Each partner's own players' figures over the period, from the aggregates. */
export async function ownFigures(db: DbOrTx, period: Period, partnerIds: readonly number[]): Promise<Map<number, OwnFigures>> {
  return (await ownFiguresOver(db, period.from, period.to, partnerIds, false)).get(WHOLE_RANGE) ?? new Map();
}

/**
 * Each partner's own players' figures per Taipei day of the range (a partner's 30-day chart), by the same reads and the
 * same folding as a statement's, so a day's NGR is the statement's definition applied to that day.
 */
export async function ownFiguresByDay(db: DbOrTx, from: string, to: string, partnerIds: readonly number[]): Promise<Map<string, Map<number, OwnFigures>>> {
  return ownFiguresOver(db, from, to, partnerIds, true);
}

/** The key of ownFiguresOver's answer over the whole range. */
const WHOLE_RANGE = '';

async function ownFiguresOver(
  db: DbOrTx,
  from: string,
  to: string,
  partnerIds: readonly number[],
  byDay: boolean,
): Promise<Map<string, Map<number, OwnFigures>>> {
  const out = new Map<string, Map<number, OwnFigures>>();
  const of = (day: string | null, id: number) => {
    const key = byDay ? day! : WHOLE_RANGE;
    let m = out.get(key);
    if (!m) out.set(key, (m = new Map()));
    let f = m.get(id);
    if (!f) m.set(id, (f = emptyFigures()));
    return f;
  };
  if (!partnerIds.length) return out;
  const groups = repo.boundPlayers(partnerIds);
  const { start } = periodInstants({ key: '', kind: 'month', from, to: from });
  const { end } = periodInstants({ key: '', kind: 'month', from: to, to });
  // One after another: inside a transaction they share one connection.
  const bets = await betTotalsByGroup(db, from, to, groups, { byDay });
  const money = await moneyByGroup(db, from, to, groups, { byDay });
  const firsts = await firstDepositsByGroupAndDay(db, from, to, groups);
  const registrations = await repo.registrationsByPartner(db, start, end, { partnerIds, byDay });
  for (const b of bets) foldBets(of(b.day, b.grp), b);
  for (const m of money) foldMoney(of(m.day, m.grp), m);
  for (const d of firsts) of(d.day, d.grp).firstDepositors += d.players;
  for (const r of registrations) of(r.day, r.partnerId).playersRegistered += r.players;
  return out;
}

/** One row of the bets' totals into a group's figures: a row without a game type is the group's active players. */
function foldBets(f: OwnFigures, b: Awaited<ReturnType<typeof betTotalsByGroup>>[number]): void {
  if (b.gameType === null) {
    f.activePlayers = b.players;
    return;
  }
  f.stakeMinor += b.stakeMinor;
  f.validMinor += b.validMinor;
  f.payoutMinor += b.payoutMinor;
  f.ggrByGroup.set(b.gameType, (f.ggrByGroup.get(b.gameType) ?? 0n) + b.stakeMinor - b.payoutMinor);
}

/** One row of the ledger's money into a group's figures: deposits, paid withdrawals, and bonuses (rebates among them). */
function foldMoney(f: OwnFigures, m: Awaited<ReturnType<typeof moneyByGroup>>[number]): void {
  if (m.kind === 'deposit') f.depositsMinor += m.amountMinor;
  else if (m.kind === 'withdraw_paid') f.withdrawalsMinor -= m.amountMinor;
  else if (BONUS_KINDS.has(m.kind)) f.bonusesMinor += m.amountMinor;
}

/**
 * The bets and money of each group of players over the Taipei days, folded exactly as a statement folds a partner's
 * (a partner's campaigns, say: ngrOf on these is the statement's NGR of those players). Registrations, first deposits
 * and CPA are not in it.
 */
export async function activityOfGroups(db: DbOrTx, from: string, to: string, groups: SQL): Promise<Map<number, OwnFigures>> {
  const out = new Map<number, OwnFigures>();
  const of = (grp: number) => {
    let f = out.get(grp);
    if (!f) out.set(grp, (f = emptyFigures()));
    return f;
  };
  // One after another: inside a transaction they share one connection.
  const bets = await betTotalsByGroup(db, from, to, groups);
  const money = await moneyByGroup(db, from, to, groups);
  for (const b of bets) foldBets(of(b.grp), b);
  for (const m of money) foldMoney(of(m.grp), m);
  return out;
}

/** The risk domain's linked accounts, asked through its service: fraud signals and CPA refusals. */
export interface LinkedPlayersSource {
  /** The other players of this player's linked group, with the signal kinds they share directly (none when linked through others). */
  linkedPlayers(playerId: number): Promise<Array<{ playerId: number; account: string; signals: string[] }>>;
  /** Which of the given players are in a linked group (linkedPlayers would answer someone), asked for many at once. */
  linkedAmong(playerIds: readonly number[], db?: DbOrTx): Promise<Set<number>>;
}

/**
 * CPA of the period: bound players whose first deposit and valid bet reached their partner's plan thresholds within
 * `within_days` Taipei days of registering (the window cut at the period's end), and who were not counted in another
 * period. A player in a linked group (the same person behind several accounts, by the risk domain's signals) earns no
 * CPA: a CPA is paid for a new player, and a second account of a known one is not. Adds the counts to `own` and
 * answers the rows to record.
 */
export async function cpaOfPeriod(
  db: DbOrTx,
  period: Period,
  nodes: PartnerNode[],
  plans: Map<number, repo.PlanRow>,
  all: repo.PartnerRow[],
  own: Map<number, OwnFigures>,
  linked?: LinkedPlayersSource,
) {
  const planOf = new Map(all.map((p) => [p.id, p.planId === null ? undefined : (plans.get(p.planId)?.cpa ?? undefined)]));
  const active = new Set(nodes.filter((n) => n.active).map((n) => n.id));
  const longest = Math.max(0, ...nodes.map((n) => planOf.get(n.id)?.withinDays ?? 0));
  if (!longest) return [];
  const { start, end } = periodInstants(period);
  const candidates = (await repo.cpaCandidates(db, new Date(start.getTime() - (longest + 1) * 86_400_000), end, period.key, period.to)).filter(
    (c) => active.has(c.partnerId) && planOf.get(c.partnerId),
  );
  // Registrations fall on a few dozen days: each window end is worked out once per day and length.
  const ends = new Map<string, string>();
  const endOf = (day: string, days: number) => {
    const k = `${day}+${days}`;
    let end = ends.get(k);
    if (end === undefined) ends.set(k, (end = addDays(day, days)));
    return end < period.to ? end : period.to;
  };
  const windows = candidates
    .map((c) => ({ playerId: c.playerId, from: c.regDay, to: endOf(c.regDay, planOf.get(c.partnerId)!.withinDays), partnerId: c.partnerId }))
    .filter((w) => w.to >= period.from);
  const firsts = await firstDepositsOf(
    db,
    windows.map((w) => w.playerId),
  );
  const valid = await validBetInWindows(db, windows);
  const reached = windows.filter((w) => {
    const cpa = planOf.get(w.partnerId)!;
    const first = firsts.get(w.playerId);
    if (!first || first.day > w.to || first.amountMinor < BigInt(cpa.minFirstDepositMinor)) return false;
    return (valid.get(w.playerId) ?? 0n) >= BigInt(cpa.minValidBetMinor);
  });
  // The players who reached the thresholds are asked about at once (in the caller's transaction), not one by one.
  const inGroups = linked
    ? await linked.linkedAmong(
        reached.map((w) => w.playerId),
        db,
      )
    : new Set<number>();
  const rows: Array<{ playerId: number; partnerId: number; amountMinor: bigint }> = [];
  for (const w of reached) {
    const cpa = planOf.get(w.partnerId)!;
    if (inGroups.has(w.playerId)) continue;
    rows.push({ playerId: w.playerId, partnerId: w.partnerId, amountMinor: BigInt(cpa.amountMinor) });
    const f = own.get(w.partnerId) ?? emptyFigures();
    f.cpaPlayers += 1;
    f.cpaMinor += BigInt(cpa.amountMinor);
    own.set(w.partnerId, f);
  }
  return rows;
}

/** What one period's arithmetic needs and gives: the nodes, their own figures, the CPA rows and every statement. */
export interface PeriodComputation {
  nodes: PartnerNode[];
  own: Map<number, OwnFigures>;
  cpaRows: Array<{ playerId: number; partnerId: number; amountMinor: bigint }>;
  computed: Map<number, Computed>;
}

/**
 * The one computation of a period's statements, shared by the settlement job and the portal's estimate, so what a
 * partner sees as its estimate (NGR after bonuses, payment fees and platform fees per game group, carry-in, tier, CPA,
 * overrides) is what the settlement will write. `rootId` limits it to one partner's whole tree (the portal); tiers and
 * overrides depend only on the tree, so the tree's figures equal the full run's.
 */
export async function computeStatements(db: DbOrTx, period: Period, opts: { rootId?: number; linked?: LinkedPlayersSource } = {}): Promise<PeriodComputation> {
  const all = await repo.allPartners(db);
  const plans = new Map((await repo.allPlans(db)).map((p) => [p.id, p]));
  let scope = all;
  if (opts.rootId !== undefined) {
    const ids = new Set(await repo.treeIds(db, opts.rootId));
    scope = all.filter((p) => ids.has(p.id));
  }
  const carry = await repo.carryOutsOf(db, previousPeriod(period).key);
  const nodes = nodesOfKind(scope, plans, period.kind);
  const own = await ownFigures(
    db,
    period,
    nodes.map((n) => n.id),
  );
  const cpaRows = await cpaOfPeriod(db, period, nodes, plans, all, own, opts.linked);
  return { nodes, own, cpaRows, computed: computePeriod(nodes, own, carry) };
}

/** Builds (or rebuilds, while pending) every statement of the period. */
export async function settlePeriod(db: Db, key: string, linked?: LinkedPlayersSource): Promise<SettleResult> {
  const period = parsePeriod(key);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK_ID})`);
    const existing = await repo.statementsOfPeriod(tx, key);
    const { nodes, cpaRows, computed } = await computeStatements(tx, period, { linked });
    const before = new Map(existing.map((s) => [s.partnerId, s]));
    const result: SettleResult = { period: key, built: 0, unchanged: 0, skippedFinal: 0 };
    const open = new Set<number>();
    const rows: Parameters<typeof repo.upsertStatements>[1] = [];
    const builtAt = new Date();
    for (const node of nodes) {
      const was = before.get(node.id);
      if (was && was.status !== 'pending') {
        result.skippedFinal += 1;
        continue;
      }
      if (!node.active && !was) continue;
      const c = computed.get(node.id)!;
      open.add(node.id);
      const same = was && sameFigures(was.figures, c.figures) && was.computedMinor === c.computedMinor;
      rows.push({
        partnerId: node.id,
        periodKind: period.kind,
        period: key,
        startsOn: period.from,
        endsOn: period.to,
        figures: c.figures,
        overrideLines: c.overrides,
        computedMinor: c.computedMinor,
        carryOutMinor: c.carryOutMinor,
        builtAt,
      });
      if (same) result.unchanged += 1;
      else result.built += 1;
    }
    await repo.upsertStatements(tx, rows);
    await repo.replaceCpa(
      tx,
      key,
      [...open],
      cpaRows.filter((r) => open.has(r.partnerId)),
    );
    return result;
  });
}

/** jsonb keeps its own key order, so figures are compared key by key. */
function sameFigures(a: object, b: object): boolean {
  const keys = Object.keys(b).sort();
  return JSON.stringify(a, keys) === JSON.stringify(b, keys);
}
