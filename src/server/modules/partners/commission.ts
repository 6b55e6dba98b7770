// The commission arithmetic of a period, pure: from each partner's own players' figures to its statement.
//
//   GGR            = stake - payout of the partner's own players' settled bets
//   payment fees   = payment_fee_bp of (deposits + paid withdrawals)
//   platform fees  = per game group, fee_bp of that group's GGR when positive (providers charge on winnings only)
//   NGR            = GGR - bonuses - payment fees - platform fees
//   adjusted NGR   = NGR + carry-in (the previous period's negative carry-out, when the plan carries over)
//   tier           = the highest tier whose min NGR and min active players the partner's TEAM reaches: the adjusted NGR
//                    and active players of the partner and everyone under it, so a partner who works through
//                    sub-partners is ranked by what its tree brings
//   rate           = the tier's rate, capped by the partner's agreed rate and by its parent's MAXIMUM rate (the top tier
//                    of the parent's plan within the parent's own agreed rate: what the parent could be paid, which a
//                    child's agreement may never exceed); a suspended partner earns 0
//   revenue share  = rate of max(adjusted NGR, 0); carry-out = adjusted NGR when negative and the plan carries over
//   override       = for every ancestor, (ancestor's rate - the highest rate of the partners below it down to the
//                    descendant, the descendant included) of the descendant's max(adjusted NGR, 0), when positive
//   commission     = revenue share + CPA + overrides (+ an operator's adjustment, applied elsewhere)
//
// Each level earns on its own base. A child's revenue share depends only on its own team and its own agreement, never
// on how its parent's period went: a parent whose team NGR is negative this period reaches no tier and earns no
// override, but its child still earns its own rate of its own positive NGR. The parent's override is only the margin
// of the parent's rate over the rates already paid below it on that base, so it never takes anything from the child,
// and the tree as a whole pays at most the highest rate on its chain once. This is how operator platforms settle
// multi-level programmes: t1softxxx (admin/application/models/affiliate_earnings.php) first works out every
// affiliate's net from its own players (monthlyEarningsMaster) and only then adds each parent's sub-level share of
// its sub-affiliates' net (monthlyEarningsSubLevel), so a sub-affiliate's earning never depends on its parent's; the
// margin form of the override (the parent's rate over the child's) is this programme's, as the plans offer it.
//
// Worked example. Plan tiers: 0.00+ with 1 active player at 20 %, 500.00+ with 2 at 30 %. A (top) has one active
// player with NGR -800.00; its sub-partner B (agreed rate 15 %) has one active player with NGR 400.00.
//   B: team NGR 400.00, 1 active -> tier 20 %; rate = min(20 %, agreed 15 %, A's maximum 30 %) = 15 %;
//      revenue share = 15 % of 400.00 = 60.00.
//   A: team NGR -800.00 + 400.00 = -400.00 -> no tier, rate 0 %; revenue share 0.00 (base max(-800.00, 0) = 0);
//      override on B = max(0 % - 15 %, 0) of 400.00 = 0.00; carry-out -800.00.
// Had A's team reached 30 %, A's override on B would be (30 % - 15 %) of 400.00 = 60.00, and the tree would pay 30 %
// of B's 400.00 once: 60.00 to B and 60.00 to A.
// Amounts are bigint minor units; a share is rounded down to the minor unit.
import type { StoredFigures, StoredOverride } from '../../db/schema-partners.ts';

export interface PlanTerms {
  tiers: Array<{ minNgrMinor: bigint; minActivePlayers: number; rateBp: number }>;
  carryOver: boolean;
  paymentFeeBp: number;
  platformFees: Map<string, number>;
}

export interface PartnerNode {
  id: number;
  account: string;
  parentId: number | null;
  level: number;
  active: boolean;
  rateCapBp: number | null;
  plan: PlanTerms | null;
}

export interface OwnFigures {
  playersRegistered: number;
  firstDepositors: number;
  activePlayers: number;
  depositsMinor: bigint;
  withdrawalsMinor: bigint;
  stakeMinor: bigint;
  validMinor: bigint;
  payoutMinor: bigint;
  ggrByGroup: Map<string, bigint>;
  bonusesMinor: bigint;
  cpaPlayers: number;
  cpaMinor: bigint;
}

export const emptyFigures = (): OwnFigures => ({
  playersRegistered: 0,
  firstDepositors: 0,
  activePlayers: 0,
  depositsMinor: 0n,
  withdrawalsMinor: 0n,
  stakeMinor: 0n,
  validMinor: 0n,
  payoutMinor: 0n,
  ggrByGroup: new Map(),
  bonusesMinor: 0n,
  cpaPlayers: 0,
  cpaMinor: 0n,
});

/** Why the rate is what it is: the lowest of these wins (a suspended partner earns 0 whatever they say). */
export type RateLimit = 'tier' | 'agreed' | 'parent' | 'suspended';

/** The figures behind a statement that the statement itself does not keep: what a partner is shown to explain it. */
export interface Worked {
  teamNgrMinor: bigint;
  teamActivePlayers: number;
  tierRateBp: number;
  rateCapBp: number | null;
  parentMaxRateBp: number | null;
  limitedBy: RateLimit;
  baseMinor: bigint;
}

export interface Computed {
  figures: StoredFigures;
  overrides: StoredOverride[];
  computedMinor: bigint;
  carryOutMinor: bigint;
  rateBp: number;
  worked: Worked;
}

const share = (amount: bigint, bp: number) => (amount * BigInt(bp)) / 10_000n;
const BP_MAX = 10_000;

interface Own {
  ngr: bigint;
  adjusted: bigint;
  base: bigint;
  paymentFees: bigint;
  platformFees: bigint;
  ggr: bigint;
  carryIn: bigint;
  tier: number | null;
  tierRate: number;
}

/**
 * The one definition of NGR (see the top of this file), for a statement and for any other span a partner is shown,
 * such as one day of the portal's chart: GGR - bonuses - payment fees - platform fees per game group.
 */
export function ngrOf(plan: PlanTerms | null, f: OwnFigures): { ggr: bigint; paymentFees: bigint; platformFees: bigint; ngr: bigint } {
  const ggr = f.stakeMinor - f.payoutMinor;
  const paymentFees = plan ? share(f.depositsMinor + f.withdrawalsMinor, plan.paymentFeeBp) : 0n;
  let platformFees = 0n;
  for (const [group, groupGgr] of f.ggrByGroup) if (groupGgr > 0n) platformFees += share(groupGgr, plan?.platformFees.get(group) ?? 0);
  return { ggr, paymentFees, platformFees, ngr: ggr - f.bonusesMinor - paymentFees - platformFees };
}

function ownPart(node: PartnerNode, f: OwnFigures, carryInMinor: bigint): Own {
  const plan = node.plan;
  const { ggr, paymentFees, platformFees, ngr } = ngrOf(plan, f);
  const carryIn = plan?.carryOver ? carryInMinor : 0n;
  const adjusted = ngr + carryIn;
  return { ngr, adjusted, base: adjusted > 0n ? adjusted : 0n, paymentFees, platformFees, ggr, carryIn, tier: null, tierRate: 0 };
}

/** The highest tier of the plan the team's adjusted NGR and active players reach, or null. */
function tierOf(plan: PlanTerms | null, teamNgr: bigint, teamActive: number): number | null {
  let tier: number | null = null;
  (plan?.tiers ?? []).forEach((t, i) => {
    if (teamNgr >= t.minNgrMinor && teamActive >= t.minActivePlayers) tier = i;
  });
  return tier;
}

/**
 * Every partner's statement for one period. `own` holds each partner's own players' figures (absent: none),
 * `carryIn` the previous period's carry-out (<= 0). Parents are resolved before children whatever the input order.
 */
export function computePeriod(nodes: PartnerNode[], own: Map<number, OwnFigures>, carryIn: Map<number, bigint>): Map<number, Computed> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parts = new Map<number, Own>();
  const rate = new Map<number, number>();
  const team = new Map<number, { ngr: bigint; active: number }>();
  const ordered = [...nodes].sort((a, b) => a.level - b.level || a.id - b.id);
  for (const node of ordered) {
    const part = ownPart(node, own.get(node.id) ?? emptyFigures(), carryIn.get(node.id) ?? 0n);
    parts.set(node.id, part);
    team.set(node.id, { ngr: part.adjusted, active: (own.get(node.id) ?? emptyFigures()).activePlayers });
  }
  // Children add into their parents, deepest first.
  for (const node of [...ordered].reverse()) {
    const up = node.parentId === null ? undefined : team.get(node.parentId);
    if (up) {
      up.ngr += team.get(node.id)!.ngr;
      up.active += team.get(node.id)!.active;
    }
  }
  const limits = new Map<number, Omit<Worked, 'baseMinor'>>();
  for (const node of ordered) {
    const part = parts.get(node.id)!;
    const t = team.get(node.id)!;
    part.tier = tierOf(node.plan, t.ngr, t.active);
    part.tierRate = part.tier === null ? 0 : node.plan!.tiers[part.tier]!.rateBp;
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    const parentMax = parent ? maxRateOf(parent.plan, parent.rateCapBp) : null;
    const { rateBp, limitedBy } = rateOf(node, part.tierRate, parentMax);
    rate.set(node.id, rateBp);
    limits.set(node.id, {
      teamNgrMinor: t.ngr,
      teamActivePlayers: t.active,
      tierRateBp: part.tierRate,
      rateCapBp: node.rateCapBp,
      parentMaxRateBp: parentMax,
      limitedBy,
    });
  }
  const overrides = overridesOf(nodes, byId, parts, rate);
  const out = new Map<number, Computed>();
  for (const node of nodes) {
    const part = parts.get(node.id)!;
    const c = statementOf(node, own.get(node.id) ?? emptyFigures(), part, rate.get(node.id)!, overrides.get(node.id) ?? []);
    out.set(node.id, { ...c, worked: { ...limits.get(node.id)!, baseMinor: part.base } });
  }
  return out;
}

/** The lowest of the tier's rate, the partner's agreed rate and its parent's maximum rate, and which one it was. */
function rateOf(node: PartnerNode, tierRateBp: number, parentMaxBp: number | null): { rateBp: number; limitedBy: RateLimit } {
  if (!node.active) return { rateBp: 0, limitedBy: 'suspended' };
  let rateBp = tierRateBp;
  let limitedBy: RateLimit = 'tier';
  if (node.rateCapBp !== null && node.rateCapBp < rateBp) [rateBp, limitedBy] = [node.rateCapBp, 'agreed'];
  if (parentMaxBp !== null && parentMaxBp < rateBp) [rateBp, limitedBy] = [parentMaxBp, 'parent'];
  return { rateBp, limitedBy };
}

/**
 * Every ancestor's override on each descendant's positive base: the ancestor's rate over the highest rate already paid
 * on that base below it (the descendant's and those of the partners between), when positive.
 */
function overridesOf(nodes: PartnerNode[], byId: Map<number, PartnerNode>, parts: Map<number, Own>, rate: Map<number, number>) {
  const overrides = new Map<number, StoredOverride[]>();
  for (const node of nodes) {
    const base = parts.get(node.id)!.base;
    if (base === 0n) continue;
    let paid = rate.get(node.id)!;
    for (let up = node.parentId === null ? undefined : byId.get(node.parentId); up; up = up.parentId === null ? undefined : byId.get(up.parentId)) {
      const upRate = rate.get(up.id)!;
      if (upRate > paid) {
        const list = overrides.get(up.id) ?? [];
        list.push({
          childPartnerId: node.id,
          childAccount: node.account,
          childNgr: String(base),
          parentRateBp: upRate,
          childRateBp: paid,
          amount: String(share(base, upRate - paid)),
        });
        overrides.set(up.id, list);
        paid = upRate;
      }
    }
  }
  return overrides;
}

function statementOf(node: PartnerNode, f: OwnFigures, p: Own, rateBp: number, lines: StoredOverride[]): Omit<Computed, 'worked'> {
  const revenueShare = share(p.base, rateBp);
  const cpa = node.active ? f.cpaMinor : 0n;
  const overridesMinor = node.active ? lines.reduce((s, l) => s + BigInt(l.amount), 0n) : 0n;
  const carryOut = node.plan?.carryOver && p.adjusted < 0n ? p.adjusted : 0n;
  const figures: StoredFigures = {
    playersRegistered: f.playersRegistered,
    firstDepositors: f.firstDepositors,
    activePlayers: f.activePlayers,
    deposits: String(f.depositsMinor),
    withdrawals: String(f.withdrawalsMinor),
    bets: String(f.stakeMinor),
    validBet: String(f.validMinor),
    ggr: String(p.ggr),
    bonuses: String(f.bonusesMinor),
    paymentFees: String(p.paymentFees),
    platformFees: String(p.platformFees),
    ngr: String(p.ngr),
    carryIn: String(p.carryIn),
    carryOut: String(carryOut),
    tier: p.tier,
    rateBp,
    revenueShare: String(revenueShare),
    cpaPlayers: node.active ? f.cpaPlayers : 0,
    cpa: String(cpa),
    overrides: String(overridesMinor),
  };
  return { figures, overrides: node.active ? lines : [], computedMinor: revenueShare + cpa + overridesMinor, carryOutMinor: carryOut, rateBp };
}

/** The highest rate a partner can reach: its plan's top tier, capped by its agreed rate. A child may have at most this. */
export function maxRateOf(plan: PlanTerms | null, rateCapBp: number | null): number {
  const top = Math.max(0, ...(plan?.tiers ?? []).map((t) => t.rateBp));
  return Math.min(top, rateCapBp ?? BP_MAX);
}
