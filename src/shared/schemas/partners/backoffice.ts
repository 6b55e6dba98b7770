// The partners domain's back office (/api/backoffice/partners/*): applications, partners and their tree, plans,
// domains, bindings and moves, the statements queue, partner payouts, the partner report and fraud signals.
import * as v from 'valibot';
import { pageQuery } from '../paging.ts';
import { idSchema } from '../ids.ts';
import {
  APPLICATION_STATUSES,
  BINDING_SOURCES,
  FRAUD_SIGNAL_KINDS,
  OWN_PLAYER_REVIEW_STATUSES,
  PARTNER_STATUSES,
  PAYOUT_STATUSES,
  PERIOD_KINDS,
  STATEMENT_STATUSES,
  amountInput,
  basisPoints,
  bankCardView,
  partnerAccount,
  partnerCode,
  payoutView,
  periodText,
  planSummaryView,
  reasonText,
  signedAmountInput,
  statementView,
} from './common.ts';
import { CHANNELS, CONTACT_KINDS } from './site.ts';

const str = () => v.string('v.type.string');
const idQuery = () => v.optional(v.pipe(str(), v.regex(/^(\d{1,15})?$/, 'bo.v.integer')));
const staffPage = <S extends v.GenericSchema>(row: S) => v.object({ data: v.array(row), total: v.number(), page: v.number(), pageSize: v.number() });

// ---- applications --------------------------------------------------------------------------------------------------

export const boApplicationsQuery = v.object({ ...pageQuery, status: v.optional(v.picklist(['', ...APPLICATION_STATUSES], 'bo.v.status')) });
export const boApplicationView = v.object({
  id: v.number(),
  name: v.string(),
  contact_kind: v.picklist(CONTACT_KINDS),
  contact: v.string(),
  channel: v.picklist(CHANNELS),
  expected_players: v.number(),
  message: v.string(),
  status: v.picklist(APPLICATION_STATUSES),
  ip: v.string(),
  partner_id: v.nullable(v.number()),
  reason: v.string(),
  created_at: v.string(),
  reviewed_at: v.nullable(v.string()),
});
export const boApplicationsPage = staffPage(boApplicationView);
export const boApplicationApproveBody = v.strictObject(
  {
    account: partnerAccount(),
    plan_id: idSchema('partners.v.plan'),
    /** The applicant's code for links and registration; the account when absent. */
    code: v.optional(partnerCode()),
  },
  'v.type.object',
);
/** The sign-in details, shown once to the operator who sends them to the applicant; never stored in clear or shown again. */
export const boApplicationApprovedView = v.object({ partner_id: v.number(), account: v.string(), initial_password: v.string() });
export const boRejectBody = v.strictObject({ reason: reasonText() }, 'v.type.object');

// ---- partners ------------------------------------------------------------------------------------------------------

export const boPartnersQuery = v.object({
  ...pageQuery,
  q: v.optional(v.pipe(str(), v.trim(), v.maxLength(32, 'v.too_long'))),
  status: v.optional(v.picklist(['', ...PARTNER_STATUSES], 'bo.v.status')),
  parent_id: idQuery(),
});
export const boPartnerRow = v.object({
  id: v.number(),
  account: v.string(),
  name: v.string(),
  code: v.string(),
  level: v.number(),
  parent_id: v.nullable(v.number()),
  parent_account: v.nullable(v.string()),
  status: v.picklist(PARTNER_STATUSES),
  plan_id: v.nullable(v.number()),
  plan_name: v.nullable(v.string()),
  rate_cap_bp: v.nullable(v.number()),
  players: v.number(),
  sub_partners: v.number(),
  balance: v.string(),
  created_at: v.string(),
});
export const boPartnersPage = staffPage(boPartnerRow);
export const boPartnerDetailView = v.object({
  partner: boPartnerRow,
  contact: v.string(),
  notes: v.string(),
  landing_url: v.string(),
  totp_enabled: v.boolean(),
  bank_card: v.nullable(bankCardView),
  domains: v.array(v.object({ id: v.number(), host: v.string() })),
  children: v.array(boPartnerRow),
});
/** The whole tree under one top partner (or every top partner when root_id is absent), at most three levels. */
export const boTreeQuery = v.object({ root_id: idQuery() });
export const boTreeNode = v.object({
  id: v.number(),
  account: v.string(),
  name: v.string(),
  level: v.number(),
  parent_id: v.nullable(v.number()),
  status: v.picklist(PARTNER_STATUSES),
  rate_cap_bp: v.nullable(v.number()),
  players: v.number(),
});
export const boTreeView = v.array(boTreeNode);
export const boPartnerCreateBody = v.strictObject(
  {
    account: partnerAccount(),
    name: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.name'), v.maxLength(40, 'v.too_long')),
    plan_id: idSchema('partners.v.plan'),
    parent_id: v.optional(idSchema('partners.v.parent')),
    rate_cap_bp: v.optional(basisPoints()),
    code: v.optional(partnerCode()),
    contact: v.optional(v.pipe(str(), v.trim(), v.maxLength(80, 'v.too_long')), ''),
  },
  'v.type.object',
);
export const boPartnerCreatedView = v.object({ partner_id: v.number(), account: v.string(), initial_password: v.string() });
/** Any subset; `reason` always (it goes into the audit entry). A rate cap above the parent's is refused. */
export const boPartnerPatchBody = v.strictObject(
  {
    status: v.optional(v.picklist(PARTNER_STATUSES, 'bo.v.status')),
    plan_id: v.optional(idSchema('partners.v.plan')),
    rate_cap_bp: v.optional(v.nullable(basisPoints())),
    name: v.optional(v.pipe(str(), v.trim(), v.nonEmpty('partners.v.name'), v.maxLength(40, 'v.too_long'))),
    contact: v.optional(v.pipe(str(), v.trim(), v.maxLength(80, 'v.too_long'))),
    notes: v.optional(v.pipe(str(), v.trim(), v.maxLength(2000, 'v.too_long'))),
    /** A path on this site ('/promotions/12') or empty for the registration page. */
    landing_url: v.optional(v.pipe(str(), v.trim(), v.regex(/^(\/[A-Za-z0-9/_.?=&-]{0,199})?$/, 'partners.v.landing_url'))),
    reason: reasonText(),
  },
  'v.type.object',
);
export const boPasswordResetView = v.object({ initial_password: v.string() });

// ---- plans ---------------------------------------------------------------------------------------------------------

const tierBody = v.strictObject(
  {
    min_ngr: amountInput('partners.v.min_ngr'),
    min_active_players: v.pipe(
      v.number('partners.v.min_active'),
      v.integer('partners.v.min_active'),
      v.minValue(0, 'partners.v.min_active'),
      v.maxValue(1_000_000, 'partners.v.min_active'),
    ),
    rate_bp: basisPoints(),
  },
  'v.type.object',
);
export const boPlanBody = v.pipe(
  v.strictObject(
    {
      name: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.name'), v.maxLength(40, 'v.too_long')),
      period_kind: v.picklist(PERIOD_KINDS, 'partners.v.period_kind'),
      /** Ascending by min_ngr; the first tier usually starts at 0. */
      tiers: v.pipe(v.array(tierBody), v.minLength(1, 'partners.v.tiers'), v.maxLength(10, 'partners.v.tiers')),
      cpa: v.nullable(
        v.strictObject(
          {
            amount: amountInput(),
            min_first_deposit: amountInput(),
            min_valid_bet: amountInput(),
            within_days: v.pipe(
              v.number('partners.v.days'),
              v.integer('partners.v.days'),
              v.minValue(1, 'partners.v.days'),
              v.maxValue(365, 'partners.v.days'),
            ),
          },
          'v.type.object',
        ),
      ),
      carry_over: v.boolean('v.type.boolean'),
      payment_fee_bp: basisPoints('partners.v.fee'),
      platform_fees: v.pipe(
        v.array(
          v.strictObject(
            { game_group: v.pipe(str(), v.regex(/^[a-z_]{1,20}$/, 'partners.v.game_group')), fee_bp: basisPoints('partners.v.fee') },
            'v.type.object',
          ),
        ),
        v.maxLength(20, 'v.too_long'),
      ),
      /** The plan the public page explains; one plan at a time. */
      is_default: v.boolean('v.type.boolean'),
    },
    'v.type.object',
  ),
  v.check((p) => p.tiers.every((t, i) => i === 0 || Number(t.min_ngr) > Number(p.tiers[i - 1]!.min_ngr)), 'partners.v.tiers_order'),
);
export const boPlanView = v.object({ ...planSummaryView.entries, is_default: v.boolean(), partners: v.number(), updated_at: v.string() });
export const boPlansView = v.array(boPlanView);

// ---- domains -------------------------------------------------------------------------------------------------------

export const HOST_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const boDomainBody = v.strictObject(
  {
    host: v.pipe(str(), v.trim(), v.toLowerCase(), v.regex(HOST_RE, 'partners.v.host')),
    partner_id: idSchema('partners.v.partner'),
  },
  'v.type.object',
);
export const boDomainView = v.object({ id: v.number(), host: v.string(), partner_id: v.number(), partner_account: v.string(), created_at: v.string() });
export const boDomainsView = v.array(boDomainView);

// ---- bindings ------------------------------------------------------------------------------------------------------

export const boBindingsQuery = v.object({ ...pageQuery, partner_id: idQuery(), player_id: idQuery() });
export const boBindingView = v.object({
  player_id: v.number(),
  player_account: v.string(),
  partner_id: v.number(),
  partner_account: v.string(),
  source: v.picklist(BINDING_SOURCES),
  campaign: v.string(),
  registration_ip: v.string(),
  bound_at: v.string(),
});
export const boBindingsPage = staffPage(boBindingView);
/** One span of a player's partner history: from_day null since registration, until_day (excluded) null while it holds. */
export const boAttributionView = v.object({
  partner_id: v.number(),
  partner_account: v.string(),
  from_day: v.nullable(v.string()),
  until_day: v.nullable(v.string()),
  source: v.picklist(BINDING_SOURCES),
  recorded_at: v.nullable(v.string()),
});
export const boAttributionsView = v.array(boAttributionView);
/** Moving a player to another partner, or unbinding with partner_id null; the reason goes into the audit log. */
export const boMoveBody = v.strictObject(
  { player_id: idSchema('partners.v.player'), partner_id: v.nullable(idSchema('partners.v.partner')), reason: reasonText() },
  'v.type.object',
);

// ---- a partner's own players -----------------------------------------------------------------------------------------

export const boOwnPlayersQuery = v.object({
  ...pageQuery,
  status: v.optional(v.picklist(['', ...OWN_PLAYER_REVIEW_STATUSES], 'bo.v.status')),
  partner_id: idQuery(),
});
/** A player who registered from the partner's own sign-in address or device; CPA waits for the decision. */
export const boOwnPlayerView = v.object({
  player_id: v.number(),
  player_account: v.string(),
  partner_id: v.number(),
  partner_account: v.string(),
  kinds: v.array(v.picklist(['ip', 'device'])),
  status: v.picklist(OWN_PLAYER_REVIEW_STATUSES),
  reason: v.string(),
  decided_at: v.nullable(v.string()),
  created_at: v.string(),
});
export const boOwnPlayersPage = staffPage(boOwnPlayerView);
/** Approving lets the player earn the partner its CPA; denying never does. The reason goes into the audit log. */
export const boOwnPlayerDecisionBody = v.strictObject({ reason: reasonText() }, 'v.type.object');

// ---- statements ----------------------------------------------------------------------------------------------------

export const boStatementsQuery = v.object({
  ...pageQuery,
  period: v.optional(v.union([v.literal(''), periodText()])),
  status: v.optional(v.picklist(['', ...STATEMENT_STATUSES], 'bo.v.status')),
  partner_id: idQuery(),
});
export const boStatementRow = v.object({ ...statementView.entries, signals: v.number() });
export const boStatementsPage = staffPage(boStatementRow);
export const boFraudSignalView = v.object({
  kind: v.picklist(FRAUD_SIGNAL_KINDS),
  /** What the players share, masked where it is personal (an IP is shown whole: operators need it to judge). */
  value: v.string(),
  player_ids: v.array(v.number()),
  /** Whether the partner's own sign-in address is among them. */
  with_partner: v.boolean(),
});
export const boStatementDetailView = v.object({ statement: statementView, signals: v.array(boFraudSignalView) });
export const boAdjustBody = v.strictObject({ amount: signedAmountInput(), reason: reasonText() }, 'v.type.object');
export const boHoldBody = v.strictObject({ reason: reasonText() }, 'v.type.object');
export const boApproveBody = v.strictObject({ note: v.optional(v.pipe(str(), v.trim(), v.maxLength(500, 'v.too_long')), '') }, 'v.type.object');
export const boBulkApproveBody = v.strictObject(
  { ids: v.pipe(v.array(idSchema()), v.minLength(1, 'partners.v.ids'), v.maxLength(200, 'partners.v.ids')) },
  'v.type.object',
);
export const boBulkApproveView = v.object({ approved: v.array(v.number()), skipped: v.array(v.object({ id: v.number(), code: v.string() })) });
/** Running the settlement for a period by hand (the job does it on the 1st at 00:30 Taipei, or every Monday for weekly plans). */
export const boSettleBody = v.strictObject({ period: periodText() }, 'v.type.object');
export const boSettleView = v.object({ period: v.string(), built: v.number(), unchanged: v.number(), skipped_final: v.number() });

// ---- payouts -------------------------------------------------------------------------------------------------------

export const boPayoutsQuery = v.object({ ...pageQuery, status: v.optional(v.picklist(['', ...PAYOUT_STATUSES], 'bo.v.status')), partner_id: idQuery() });
export const boPayoutRow = v.object({ ...payoutView.entries, card_number: v.string() });
export const boPayoutsPage = staffPage(boPayoutRow);
export const boPayoutPayBody = v.strictObject({ note: v.optional(v.pipe(str(), v.trim(), v.maxLength(200, 'v.too_long')), '') }, 'v.type.object');

// ---- report --------------------------------------------------------------------------------------------------------

export const boReportQuery = v.object({ ...pageQuery, period: periodText() });
export const boReportRow = v.object({
  partner_id: v.number(),
  partner_account: v.string(),
  level: v.number(),
  players: v.number(),
  registrations: v.number(),
  first_depositors: v.number(),
  active_players: v.number(),
  deposits: v.string(),
  withdrawals: v.string(),
  valid_bet: v.string(),
  ggr: v.string(),
  bonuses: v.string(),
  ngr: v.string(),
  commission: v.nullable(v.string()),
  statement_status: v.nullable(v.picklist(STATEMENT_STATUSES)),
});
export const boReportPage = staffPage(boReportRow);
export const boReportPlayersQuery = v.object({ ...pageQuery, period: periodText() });
export const boReportPlayerRow = v.object({
  player_id: v.number(),
  account: v.string(),
  registered_at: v.string(),
  first_deposit_at: v.nullable(v.string()),
  deposits: v.string(),
  withdrawals: v.string(),
  bets: v.string(),
  valid_bet: v.string(),
  ggr: v.string(),
  bonuses: v.string(),
  cpa_qualified: v.boolean(),
});
export const boReportPlayersPage = staffPage(boReportPlayerRow);

// ---- materials -----------------------------------------------------------------------------------------------------

/** A banner operators upload (through POST /api/backoffice/uploads, purpose 'banner') and offer to partners. */
export const boMaterialBody = v.strictObject(
  {
    upload_id: idSchema('partners.v.upload'),
    title: v.pipe(str(), v.trim(), v.nonEmpty('partners.v.title'), v.maxLength(60, 'v.too_long')),
    width: v.pipe(v.number('partners.v.size'), v.integer('partners.v.size'), v.minValue(1, 'partners.v.size'), v.maxValue(4000, 'partners.v.size')),
    height: v.pipe(v.number('partners.v.size'), v.integer('partners.v.size'), v.minValue(1, 'partners.v.size'), v.maxValue(4000, 'partners.v.size')),
  },
  'v.type.object',
);
