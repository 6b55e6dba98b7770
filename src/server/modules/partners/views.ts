// Rows of the partners domain as the API shows them: amounts from minor units to two-decimal strings, card numbers
// masked for partners.
import { minorToDecimal } from '../../../shared/money.ts';
import type { PayoutView, PlanSummaryView, StatementView } from '../../../shared/schemas/partners/common.ts';
import type { StoredFigures } from '../../db/schema-partners.ts';
import type * as repo from './repository.ts';
import { maskCardNumber } from '../../lib/mask.ts';

export const dec = (minor: bigint | string) => minorToDecimal(typeof minor === 'string' ? BigInt(minor) : minor);
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Card numbers show their last four digits only (the one masking of lib/mask.ts). */
export const maskCard = maskCardNumber;
/** Player accounts in the portal show their first and last characters only. */
export const maskAccount = (a: string) => (a.length <= 2 ? `${a[0] ?? ''}*` : `${a[0]}${'*'.repeat(a.length - 2)}${a[a.length - 1]}`);

export function planSummary(p: repo.PlanRow): PlanSummaryView {
  return {
    id: p.id,
    name: p.name,
    period_kind: p.periodKind,
    tiers: p.tiers.map((t) => ({ min_ngr: dec(t.minNgrMinor), min_active_players: t.minActivePlayers, rate_bp: t.rateBp })),
    cpa: p.cpa
      ? {
          amount: dec(p.cpa.amountMinor),
          min_first_deposit: dec(p.cpa.minFirstDepositMinor),
          min_valid_bet: dec(p.cpa.minValidBetMinor),
          within_days: p.cpa.withinDays,
        }
      : null,
    carry_over: p.carryOver,
    payment_fee_bp: p.paymentFeeBp,
    platform_fees: p.platformFees.map((f) => ({ game_group: f.gameGroup, fee_bp: f.feeBp })),
  };
}

export function figuresView(f: StoredFigures, adjustment: bigint, commission: bigint): StatementView['figures'] {
  return {
    players_registered: f.playersRegistered,
    first_depositors: f.firstDepositors,
    active_players: f.activePlayers,
    deposits: dec(f.deposits),
    withdrawals: dec(f.withdrawals),
    bets: dec(f.bets),
    valid_bet: dec(f.validBet),
    ggr: dec(f.ggr),
    bonuses: dec(f.bonuses),
    payment_fees: dec(f.paymentFees),
    platform_fees: dec(f.platformFees),
    ngr: dec(f.ngr),
    carry_in: dec(f.carryIn),
    carry_out: dec(f.carryOut),
    tier: f.tier,
    rate_bp: f.rateBp,
    revenue_share: dec(f.revenueShare),
    cpa_players: f.cpaPlayers,
    cpa: dec(f.cpa),
    overrides: dec(f.overrides),
    adjustment: dec(adjustment),
    commission: dec(commission),
  };
}

export function statementView(s: repo.StatementRow, account: string): StatementView {
  return {
    id: s.id,
    partner_id: s.partnerId,
    partner_account: account,
    period_kind: s.periodKind,
    period: s.period,
    starts_on: s.startsOn,
    ends_on: s.endsOn,
    status: s.status,
    figures: figuresView(s.figures, s.adjustmentMinor, s.computedMinor + s.adjustmentMinor),
    override_lines: s.overrideLines.map((l) => ({
      child_partner_id: l.childPartnerId,
      child_account: l.childAccount,
      child_ngr: dec(l.childNgr),
      parent_rate_bp: l.parentRateBp,
      child_rate_bp: l.childRateBp,
      amount: dec(l.amount),
    })),
    adjustment_reason: s.adjustmentReason,
    built_at: s.builtAt.toISOString(),
    approved_at: iso(s.approvedAt),
  };
}

export function payoutView(p: repo.PayoutRow, account: string): PayoutView {
  return {
    id: p.id,
    partner_id: p.partnerId,
    partner_account: account,
    amount: dec(p.amountMinor),
    status: p.status,
    bank: p.bank,
    card_number_masked: maskCard(p.cardNumber),
    holder: p.holder,
    reason: p.reason,
    created_at: p.createdAt.toISOString(),
    reviewed_at: iso(p.reviewedAt),
  };
}

/** A statement's line in its CSV: the label, the value, and how the value is written (a plain figure unless told). */
export type StatementCsvRow = [line: string, value: string, kind?: 'percent'];

/** A rate in basis points as a percentage with two decimals (3500 is 35.00). */
const bpPercent = (bp: number) => `${Math.trunc(bp / 100)}.${String(Math.abs(bp) % 100).padStart(2, '0')}`;

/** A statement's lines as CSV rows (label, value), in the order the statement shows them; the rate as a percentage. */
export function statementCsvRows(s: StatementView): StatementCsvRow[] {
  const f = s.figures;
  return [
    ['period', s.period],
    ['starts_on', s.starts_on],
    ['ends_on', s.ends_on],
    ['status', s.status],
    ['players_registered', String(f.players_registered)],
    ['first_depositors', String(f.first_depositors)],
    ['active_players', String(f.active_players)],
    ['deposits', f.deposits],
    ['withdrawals', f.withdrawals],
    ['bets', f.bets],
    ['valid_bet', f.valid_bet],
    ['ggr', f.ggr],
    ['bonuses', f.bonuses],
    ['payment_fees', f.payment_fees],
    ['platform_fees', f.platform_fees],
    ['ngr', f.ngr],
    ['carry_in', f.carry_in],
    ['carry_out', f.carry_out],
    ['tier', f.tier === null ? '' : String(f.tier + 1)],
    ['rate_pct', bpPercent(f.rate_bp), 'percent'],
    ['revenue_share', f.revenue_share],
    ['cpa_players', String(f.cpa_players)],
    ['cpa', f.cpa],
    ['overrides', f.overrides],
    ['adjustment', f.adjustment],
    ['commission', f.commission],
    ...s.override_lines.map((l): StatementCsvRow => [`override:${l.child_account}`, l.amount]),
  ];
}
