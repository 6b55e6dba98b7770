// The partner portal's API (/api/agent/*): sign-in and session, dashboard, tracking links, players, sub-partners,
// statements, wallet and payouts, marketing material. Every call but sign-in needs the partner's session cookie
// (anonymous callers get 401 before any validation) and sees only the partner's own tree.
import * as v from 'valibot';
import { pagingQuery } from '../paging.ts';
import { idSchema } from '../ids.ts';
import {
  PARTNER_STATUSES,
  PAYOUT_STATUSES,
  STATEMENT_STATUSES,
  amountInput,
  bankCardView,
  basisPoints,
  materialView,
  partnerAccount,
  partnerPassword,
  payoutView,
  periodText,
  planSummaryView,
  statementView,
} from './common.ts';

const str = () => v.string('v.type.string');
const portalPage = pagingQuery(20, 100);

// ---- sign-in and session -------------------------------------------------------------------------------------------

export const agentLoginBody = v.strictObject(
  {
    account: v.pipe(str(), v.trim(), v.nonEmpty('v.account.required'), v.maxLength(12, 'v.account.invalid')),
    password: v.pipe(str(), v.nonEmpty('v.password.required'), v.maxLength(64, 'v.too_long')),
    /** The authenticator code; required only when the partner enrolled one (the answer says `totp_required`). */
    totp: v.optional(v.pipe(str(), v.trim(), v.regex(/^(\d{6})?$/, 'partners.v.totp'))),
  },
  'v.type.object',
);

export const agentMeView = v.object({
  id: v.number(),
  account: v.string(),
  name: v.string(),
  /** 1 for a top partner, 2 for a sub-partner, 3 for a sub-sub-partner. */
  level: v.number(),
  code: v.string(),
  status: v.picklist(PARTNER_STATUSES),
  totp_enabled: v.boolean(),
  /** The partner's own rate cap (sub-partners), or null when the plan's tiers decide alone. */
  rate_cap_bp: v.nullable(v.number()),
  /** The highest rate the partner can reach: a sub-partner it creates may have at most this. */
  max_rate_bp: v.number(),
  plan: v.nullable(planSummaryView),
  /** The full tracking link without a campaign, e.g. https://site/r/CODE. */
  link: v.string(),
  /** The landing page visitors of this partner are sent to when the auto-redirect settings apply. */
  landing_url: v.string(),
  must_change_password: v.boolean(),
});
export type AgentMeView = v.InferOutput<typeof agentMeView>;

/** A sign-in answers the partner, or that a TOTP code is needed (no session is made then). */
export const agentLoginView = v.object({ totp_required: v.boolean(), partner: v.nullable(agentMeView) });

export const agentPasswordBody = v.strictObject(
  { old_password: v.pipe(str(), v.maxLength(64, 'v.too_long')), new_password: partnerPassword() },
  'v.type.object',
);
/** A new authenticator secret, shown once: as text, as the otpauth URI, and as that URI's QR code (a PNG data URL). */
export const agentTotpSetupView = v.object({ secret: v.string(), otpauth_url: v.string(), qr_data_url: v.string() });
export const agentTotpCodeBody = v.strictObject({ code: v.pipe(str(), v.trim(), v.regex(/^\d{6}$/, 'partners.v.totp')) }, 'v.type.object');

// ---- dashboard -----------------------------------------------------------------------------------------------------

export const agentDashboardDay = v.object({ date: v.string(), clicks: v.number(), registrations: v.number(), first_depositors: v.number(), ngr: v.string() });
/** Which limit set the partner's rate this period (commission.ts): its tier, its agreed rate, its parent's maximum. */
export const RATE_LIMITS = ['tier', 'agreed', 'parent', 'suspended'] as const;
/**
 * How the estimate is worked out, line by line, in the settlement's own figures: NGR from GGR, the carry-in, the team
 * figures that chose the tier, the rate and what limited it, the base it applies to, CPA and overrides. Amounts are
 * two-decimal strings; `tier` is the index of the reached tier (null: none reached).
 */
export const agentEstimateWorked = v.object({
  ggr: v.string(),
  bonuses: v.string(),
  payment_fees: v.string(),
  platform_fees: v.string(),
  ngr: v.string(),
  carry_in: v.string(),
  adjusted_ngr: v.string(),
  team_ngr: v.string(),
  team_active_players: v.number(),
  tier: v.nullable(v.number()),
  tier_rate_bp: v.number(),
  rate_cap_bp: v.nullable(v.number()),
  parent_max_rate_bp: v.nullable(v.number()),
  limited_by: v.picklist(RATE_LIMITS),
  rate_bp: v.number(),
  base: v.string(),
  revenue_share: v.string(),
  cpa_players: v.number(),
  cpa: v.string(),
  overrides: v.string(),
  commission: v.string(),
});
export type AgentEstimateWorked = v.InferOutput<typeof agentEstimateWorked>;
export const agentDashboardView = v.object({
  period: v.string(),
  starts_on: v.string(),
  ends_on: v.string(),
  clicks: v.number(),
  registrations: v.number(),
  first_depositors: v.number(),
  active_players: v.number(),
  ngr: v.string(),
  estimated_commission: v.string(),
  worked: agentEstimateWorked,
  /** The last 30 Taipei days, oldest first, every day present. */
  chart: v.array(agentDashboardDay),
});
export type AgentDashboardView = v.InferOutput<typeof agentDashboardView>;

// ---- tracking links ------------------------------------------------------------------------------------------------

export const CAMPAIGN_RE = /^[A-Za-z0-9_-]{1,32}$/;
export const agentLinkBody = v.strictObject({ campaign: v.pipe(str(), v.trim(), v.regex(CAMPAIGN_RE, 'partners.v.campaign')) }, 'v.type.object');
export const agentLinkView = v.object({
  id: v.number(),
  campaign: v.string(),
  url: v.string(),
  /** The funnel since the link was made: clicks, then registrations through it, then those who made a first deposit. */
  clicks: v.number(),
  registrations: v.number(),
  first_deposits: v.number(),
  created_at: v.string(),
  /** The running period's money of the link's players (two-decimal strings), by the statement's definitions. */
  period: v.object({
    key: v.string(),
    deposits: v.string(),
    /** GGR less bonuses (rebates among them), payment fees and platform fees. */
    ngr: v.string(),
    /** The partner's current rate of a positive NGR, plus the CPA its players earn this period. */
    commission: v.string(),
  }),
});
export const agentLinksView = v.array(agentLinkView);
export type AgentLinkView = v.InferOutput<typeof agentLinkView>;

// ---- players -------------------------------------------------------------------------------------------------------

export const agentPlayersQuery = v.object({
  ...portalPage,
  /** The period whose totals the rows carry; the running month when absent. */
  period: v.optional(periodText()),
  /** Only the players bound directly to this partner (default), or also those of its sub-partners. */
  scope: v.optional(v.picklist(['direct', 'tree'], 'partners.v.scope'), 'direct'),
});
export const agentPlayerView = v.object({
  id: v.number(),
  /** First and last characters only: 'a******9'. */
  account_masked: v.string(),
  /** The partner the player is bound to (this one or a sub-partner of its tree). */
  partner_account: v.string(),
  registered_at: v.string(),
  status: v.picklist(['active', 'disabled']),
  deposits: v.string(),
  withdrawals: v.string(),
  valid_bet: v.string(),
  ggr: v.string(),
});
export const agentPlayersPage = v.object({ data: v.array(agentPlayerView), total: v.number() });
export type AgentPlayerView = v.InferOutput<typeof agentPlayerView>;

// ---- sub-partners --------------------------------------------------------------------------------------------------

export const agentSubPartnerBody = v.strictObject(
  {
    account: partnerAccount(),
    password: partnerPassword(),
    name: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.name'), v.maxLength(40, 'v.too_long')),
    /** At most the creating partner's max_rate_bp, or the call is refused with partners.rate_above_parent. */
    rate_bp: basisPoints(),
  },
  'v.type.object',
);
export const agentSubPartnerRateBody = v.strictObject({ rate_bp: basisPoints() }, 'v.type.object');
export const agentSubPartnerView = v.object({
  id: v.number(),
  account: v.string(),
  name: v.string(),
  level: v.number(),
  status: v.picklist(PARTNER_STATUSES),
  rate_bp: v.number(),
  players: v.number(),
  sub_partners: v.number(),
  /** This period's totals of the sub-partner's own players. */
  period_ngr: v.string(),
  period_active_players: v.number(),
  created_at: v.string(),
});
export const agentSubPartnersView = v.array(agentSubPartnerView);
export type AgentSubPartnerView = v.InferOutput<typeof agentSubPartnerView>;

// ---- statements ----------------------------------------------------------------------------------------------------

export const agentStatementsQuery = v.object({ ...portalPage, status: v.optional(v.picklist(['', ...STATEMENT_STATUSES], 'partners.v.status')) });
export const agentStatementsPage = v.object({ data: v.array(statementView), total: v.number() });
/** GET /api/agent/statements/:id/csv answers text/csv (UTF-8 with BOM): `line,value`, one row per line item. */
export const agentCsvView = v.string();

// ---- wallet and payouts --------------------------------------------------------------------------------------------

export const agentWalletView = v.object({
  balance: v.string(),
  /** Payouts waiting for finance, already held out of the balance. */
  pending_payouts: v.string(),
  min_payout: v.string(),
  bank_card: v.nullable(bankCardView),
});
export const agentBankCardBody = v.strictObject(
  {
    bank: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.bank'), v.maxLength(40, 'v.too_long')),
    branch: v.optional(v.pipe(str(), v.trim(), v.maxLength(40, 'v.too_long')), ''),
    holder: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.holder'), v.maxLength(40, 'v.too_long')),
    card_number: v.pipe(str(), v.trim(), v.regex(/^\d{10,16}$/, 'partners.v.card_number')),
    /** The sign-in password again: a card change is what a thief would do first. */
    password: v.pipe(str(), v.nonEmpty('v.password.required'), v.maxLength(64, 'v.too_long')),
  },
  'v.type.object',
);
export const agentPayoutBody = v.strictObject(
  {
    amount: amountInput(),
    /** A key the page makes once per form it shows, so a double click asks once (8-64 letters, digits, dashes). */
    request_key: v.pipe(str(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'partners.v.request_key')),
  },
  'v.type.object',
);
export const agentPayoutsQuery = v.object({ ...portalPage, status: v.optional(v.picklist(['', ...PAYOUT_STATUSES], 'partners.v.status')) });
export const agentPayoutsPage = v.object({ data: v.array(payoutView), total: v.number() });

// ---- materials -----------------------------------------------------------------------------------------------------

export const agentMaterialsView = v.array(materialView);

/** Path ids in the portal (statements, sub-partners, players): another tree's id answers 404, like an unknown one. */
export const agentIdParams = v.object({ id: v.pipe(str(), v.regex(/^\d{1,15}$/, 'error.not_found'), v.transform(Number)) });
export const agentIdBody = v.object({ id: idSchema() });
