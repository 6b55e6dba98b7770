// The withdrawal rules as pure functions of the facts the service gathered: each enabled rule that fires adds its
// points and the figures its reason names (the back office words them through its catalogue). The score decides:
// at or above the hold score the withdrawal is held; below it, within the ceiling and when the operator allows it,
// it is marked for automatic pay-out; otherwise it is an ordinary review.
import type { RiskHit } from '../../db/schema-risk.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { RiskDecision, RiskSettings } from '../../../shared/schemas/risk/settings.ts';

/** What the rules read about one withdrawal. Amounts in minor units. */
export interface WithdrawalFacts {
  amountMinor: bigint;
  /** Paid deposits in the little-play window, and valid bet since the window began. */
  depositsMinor: bigint;
  validBetMinor: bigint;
  /** Bonuses credited and deposits paid in the bonus window. */
  bonusMinor: bigint;
  bonusWindowDepositsMinor: bigint;
  /** Other accounts (as account names) that bound or withdrew to this card, and whether any is in the player's group. */
  otherCardHolders: string[];
  /** How many earlier withdrawals the player made, how many went to this card, and their average amount. */
  earlierWithdrawals: number;
  earlierToThisCard: number;
  earlierAverageMinor: bigint;
  failedDeposits: number;
  /** Hours since the card was bound, and since the phone changed (undefined: never seen, or no change). */
  cardAgeHours: number | undefined;
  phoneChangeHours: number | undefined;
}

const money = minorToDecimal;

/** Every rule that fires, in the order of RISK_RULES. */
export function evaluateRules(s: RiskSettings, f: WithdrawalFacts): RiskHit[] {
  const r = s.rules;
  const hits: RiskHit[] = [];
  if (r.little_play.enabled && f.depositsMinor > 0n && f.validBetMinor * 100n < f.depositsMinor * BigInt(r.little_play.ratio_pct)) {
    hits.push({
      rule: 'little_play',
      points: r.little_play.points,
      facts: {
        deposits: money(f.depositsMinor),
        valid_bet: money(f.validBetMinor),
        ratio: String(r.little_play.ratio_pct),
        days: String(r.little_play.window_days),
      },
    });
  }
  const inflow = f.bonusMinor + f.bonusWindowDepositsMinor;
  if (r.bonus_heavy.enabled && f.bonusMinor > 0n && f.bonusMinor * 100n >= inflow * BigInt(r.bonus_heavy.share_pct)) {
    hits.push({
      rule: 'bonus_heavy',
      points: r.bonus_heavy.points,
      facts: {
        bonus: money(f.bonusMinor),
        deposits: money(f.bonusWindowDepositsMinor),
        share: String(Number((f.bonusMinor * 100n) / inflow)),
        days: String(r.bonus_heavy.window_days),
      },
    });
  }
  if (r.linked_card.enabled && f.otherCardHolders.length > 0) {
    hits.push({ rule: 'linked_card', points: r.linked_card.points, facts: { accounts: f.otherCardHolders.join(', ') } });
  }
  if (r.new_card.enabled && f.earlierWithdrawals > 0 && f.earlierToThisCard === 0) {
    hits.push({ rule: 'new_card', points: r.new_card.points, facts: { earlier: String(f.earlierWithdrawals) } });
  }
  if (
    r.amount_spike.enabled &&
    f.earlierWithdrawals > 0 &&
    f.earlierAverageMinor > 0n &&
    f.amountMinor >= f.earlierAverageMinor * BigInt(r.amount_spike.multiple)
  ) {
    hits.push({
      rule: 'amount_spike',
      points: r.amount_spike.points,
      facts: { amount: money(f.amountMinor), average: money(f.earlierAverageMinor), multiple: String(r.amount_spike.multiple) },
    });
  }
  if (r.failed_deposits.enabled && r.failed_deposits.count > 0 && f.failedDeposits >= r.failed_deposits.count) {
    hits.push({
      rule: 'failed_deposits',
      points: r.failed_deposits.points,
      facts: { failed: String(f.failedDeposits), hours: String(r.failed_deposits.window_hours) },
    });
  }
  const within = (h: number | undefined) => h !== undefined && h < r.recent_change.window_hours;
  if (r.recent_change.enabled && (within(f.cardAgeHours) || within(f.phoneChangeHours))) {
    hits.push({
      rule: 'recent_change',
      points: r.recent_change.points,
      facts: { what: within(f.cardAgeHours) ? 'card' : 'phone', hours: String(r.recent_change.window_hours) },
    });
  }
  return hits;
}

export function decide(s: RiskSettings, score: number, amountMinor: bigint): RiskDecision {
  if (score >= s.hold_score) return 'hold';
  if (s.auto_approve && amountMinor <= BigInt(s.auto_approve_ceiling) * 100n) return 'auto_approve';
  return 'review';
}
