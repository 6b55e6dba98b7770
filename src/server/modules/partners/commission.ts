// The commission arithmetic of a period (issue 21), pure: from each partner's own players' figures to its statement.
//
//   GGR            = stake - payout of the partner's own players' settled bets
//   payment fees   = payment_fee_bp of (deposits + paid withdrawals)
//   platform fees  = per game group, fee_bp of that group's GGR when positive (providers charge on winnings only)
//   NGR            = GGR - bonuses - payment fees - platform fees
//   adjusted NGR   = NGR + carry-in (the previous period's negative carry-out, when the plan carries over)
//   tier           = the highest tier whose min NGR and min active players the partner's TEAM reaches: the adjusted NGR
//                    and active players of the partner and everyone under it, so a partner who works through
//                    sub-partners is ranked by what its tree brings
//   rate           = the tier's rate, capped by the partner's agreed rate and by its parent's rate (a child never earns
//                    more than its parent); a suspended partner earns 0
//   revenue share  = rate of max(adjusted NGR, 0); carry-out = adjusted NGR when negative and the plan carries over
//   override       = for every ancestor, (ancestor's rate - the rate of the next partner down) of the descendant's
//                    max(adjusted NGR, 0): the tree as a whole pays the top partner's rate once, never twice
//   commission     = revenue share + CPA + overrides (+ an operator's adjustment, applied elsewhere)
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

export interface Computed {
  figures: StoredFigures;
  overrides: StoredOverride[];
  computedMinor: bigint;
  carryOutMinor: bigint;
  rateBp: number;
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
  for (const node of ordered) {
    const part = parts.get(node.id)!;
    part.tier = tierOf(node.plan, team.get(node.id)!.ngr, team.get(node.id)!.active);
    part.tierRate = part.tier === null ? 0 : node.plan!.tiers[part.tier]!.rateBp;
    const parentRate = node.parentId === null ? BP_MAX : (rate.get(node.parentId) ?? 0);
    rate.set(node.id, node.active ? Math.min(part.tierRate, node.rateCapBp ?? BP_MAX, parentRate) : 0);
  }
  const overrides = new Map<number, StoredOverride[]>();
  for (const node of nodes) {
    const base = parts.get(node.id)!.base;
    if (base === 0n) continue;
    let child = node;
    for (let up = node.parentId === null ? undefined : byId.get(node.parentId); up; up = up.parentId === null ? undefined : byId.get(up.parentId)) {
      const diff = rate.get(up.id)! - rate.get(child.id)!;
      if (diff > 0) {
        const list = overrides.get(up.id) ?? [];
        list.push({
          childPartnerId: node.id,
          childAccount: node.account,
          childNgr: String(base),
          parentRateBp: rate.get(up.id)!,
          childRateBp: rate.get(child.id)!,
          amount: String(share(base, diff)),
        });
        overrides.set(up.id, list);
      }
      child = up;
    }
  }
  const out = new Map<number, Computed>();
  for (const node of nodes)
    out.set(node.id, statementOf(node, own.get(node.id) ?? emptyFigures(), parts.get(node.id)!, rate.get(node.id)!, overrides.get(node.id) ?? []));
  return out;
}

function statementOf(node: PartnerNode, f: OwnFigures, p: Own, rateBp: number, lines: StoredOverride[]): Computed {
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
