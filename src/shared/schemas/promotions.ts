// The promotions contract: every request and response schema of the player's activity calls
// (SPEC.md section 7: showType, frontTypeInfo, the list, the detail, apply, my promotions) and of the back
// office's promotion desk, with the named constants both sides use. The screens import the inferred types;
// names here stay stable (new fields are added, never renamed).
//
// Player calls (under /api): GET /activity/showType?mode=, GET /activity/frontTypeInfo,
// GET /activity/list?mode=&front=&limited=&page=&pageSize=, GET /activity/detail?id= (these four are public; the
// detail's `player` is filled when a bearer token is sent), POST /activity/apply {id}, GET /activity/mine?status=&page=&pageSize=.
// Back office (under /api/backoffice): GET|POST /promotions, GET|PUT /promotions/:id, GET /promotions/:id/report,
// GET|POST /promotion-categories, PUT /promotion-categories/:id, GET /promotion-modes, PUT /promotion-modes/:mode,
// GET /promotion-applications, POST /promotion-applications/review, POST /promotion-gifts,
// POST /promotion-jobs/:job {day}. Permissions: promotions.read, promotions.manage (gifts: bonus.grant).
import * as v from 'valibot';
import { idSchema, idText } from './ids.ts';
import { MONEY_RE } from './wallet.ts';
import { GAME_GROUPS } from '../constants.ts';

// ---- named constants -----------------------------------------------------------------------------

/** The eleven modes of SPEC.md section 2, by their number. */
export const PROMOTION_MODE = {
  general: 1,
  firstDeposit: 2,
  dailyFirstDeposit: 3,
  accumulatedDeposit: 4,
  registerSend: 5,
  validBet: 6,
  rescueMoney: 7,
  singleDeposit: 8,
  recommendFriend: 9,
  giftGiving: 10,
  redPacket: 11,
} as const;
type PromotionMode = (typeof PROMOTION_MODE)[keyof typeof PROMOTION_MODE];
/** The order of the hall's left menu (SPEC.md section 2 lists the type entries in this order). */
export const MODE_MENU_ORDER = [1, 2, 3, 4, 8, 5, 6, 11, 7, 9, 10] as const satisfies readonly PromotionMode[];
/** Names of the modes; the screens translate them with the i18n key `promo.mode.<number>`. */
export const MODE_NAMES: Record<PromotionMode, { zh: string; en: string }> = {
  1: { zh: '一般活動', en: 'General' },
  2: { zh: '首存優惠', en: 'First deposit' },
  3: { zh: '每日首存', en: 'Daily first deposit' },
  4: { zh: '累積存款', en: 'Accumulated deposit' },
  5: { zh: '註冊送', en: 'Register send' },
  6: { zh: '有效投注', en: 'Valid bet' },
  7: { zh: '救援金', en: 'Rescue money' },
  8: { zh: '單筆存款', en: 'Single deposit' },
  9: { zh: '推薦好友', en: 'Recommend friend' },
  10: { zh: '贈送彩金', en: 'Gift giving' },
  11: { zh: '紅包', en: 'Red packet' },
};
/** Modes whose qualifying event is a credited deposit. */
export const DEPOSIT_MODES = [2, 3, 4, 8] as const satisfies readonly PromotionMode[];
/** Modes this engine pays; mode 11 (red-packet rain) has its own module. */
export const ENGINE_MODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const satisfies readonly PromotionMode[];

/** Application and grant statuses with SPEC.md section 4's labels: 申請中, 成功, 失敗. */
export const APPLICATION_STATUS = { applying: 'applying', success: 'success', fail: 'fail' } as const;
export const APPLICATION_STATUSES = ['applying', 'success', 'fail'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** automatic: paid when the player qualifies; apply: the player applies and an operator audits (below the ceiling it is approved at once). */
export const CLAIM_MODES = ['automatic', 'apply'] as const;

/** fixed amount, percent of the qualifying deposit, percent of valid bet, percent of net loss. */
export const REWARD_KINDS = ['fixed', 'deposit_percent', 'valid_bet_percent', 'net_loss_percent'] as const;

/** The bet-flow target is multiple x bonus, or multiple x (bonus + qualifying deposit). */
export const FLOW_BASES = ['bonus', 'bonus_deposit'] as const;

/** How often a player may receive a promotion: count per day, week, month (Taipei calendar) or ever. */
export const LIMIT_PERIODS = ['day', 'week', 'month', 'ever'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * Anti-abuse: one grant of the promotion per registration address (IP), phone or bank card, or per linked group of
 * accounts (risk's duplicate-account links: a player whose linked account already received it is refused).
 */
export const UNIQUE_KEYS = ['address', 'phone', 'bank_card', 'linked_group'] as const;
export type UniqueKey = (typeof UNIQUE_KEYS)[number];

const PROMOTION_STATUSES = ['on', 'off'] as const;
const ENTRY_STATUSES = ['on', 'off'] as const;

/** The daily jobs an operator may run again by hand for a past Taipei day. */
const PROMOTION_JOBS = ['valid_bet_rebate', 'rescue_money'] as const;
export type PromotionJob = (typeof PROMOTION_JOBS)[number];

/** Limits on everything. */
export const PROMOTION_LIMITS = {
  titleMax: 100,
  summaryMax: 500,
  contentMaxChars: 50_000,
  tiersMax: 20,
  reasonMax: 500,
  reviewBatchMax: 50,
  giftAccountsMax: 200,
  pageSizeMax: 50,
  flowMultipleMax: 100,
  /** 1000.00 percent, in basis points. */
  percentMaxBp: 100_000,
  /** Above this percentage the editor asks the operator to confirm (a 500 % bonus is usually a typo). */
  percentWarnAbove: 100,
  /** The largest amount any promotion field takes: 100,000,000.00. */
  amountMaxMinor: 10_000_000_000,
  registerDaysMax: 36_500,
} as const;

/** '此活動已結束' and friends are errors; these are the reasons a detail page shows why the player cannot apply. */
const INELIGIBLE_REASONS = [
  'ended',
  'not_started',
  'sign_in',
  'applied',
  'limit_reached',
  'level',
  'register_age',
  'deposit_requirement',
  'not_combinable',
  'budget',
  'automatic',
  'operator_only',
  'protection',
  'entry_off',
] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

// ---- field schemas -------------------------------------------------------------------------------

const money = v.pipe(v.string('v.money.invalid'), v.trim(), v.regex(MONEY_RE, 'v.money.invalid'));
/** A percent with at most two decimals ('12.5' is 12.50 %), stored as basis points. */
const PERCENT_RE = /^\d{1,4}(\.\d{1,2})?$/;
const text = (max: number) => v.pipe(v.string('v.type.string'), v.maxLength(max, 'v.too_long'), v.trim());
const requiredText = (max: number) => v.pipe(text(max), v.nonEmpty('promo.v.required'));
const instant = v.nullable(v.pipe(v.string('v.type.string'), v.isoTimestamp('promo.v.time')));
const int = (min: number, max: number) =>
  v.pipe(v.number('v.type.number'), v.integer('v.type.number'), v.minValue(min, 'promo.v.number'), v.maxValue(max, 'promo.v.number'));
const intText = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'promo.v.number'), v.transform(Number), v.minValue(min, 'promo.v.number'), v.maxValue(max, 'promo.v.number'));
const page = v.optional(intText(1, 10_000), '1');
const pageSize = v.optional(intText(1, PROMOTION_LIMITS.pageSizeMax), '10');
const modeText = v.pipe(v.string(), v.regex(/^(1[01]|[0-9])$/, 'promo.v.mode'), v.transform(Number));

// ---- player requests -----------------------------------------------------------------------------

/** GET /activity/showType?mode= : without a mode (or 0) all eleven entries. */
export const showTypeQuery = v.object({ mode: v.optional(modeText) });
/** GET /activity/list?mode=&front=&limited=&page=&pageSize= : 0 means all, as in the hall's query. */
export const promotionListQuery = v.object({
  mode: v.optional(modeText),
  front: v.optional(idText('promo.v.front', 0)),
  /** 1: only limited-time promotions (the time-limited activities page). */
  limited: v.optional(v.picklist(['0', '1'])),
  page,
  pageSize,
});
/** GET /activity/detail?id= */
export const promotionDetailQuery = v.object({ id: idText('error.not_found') });
/** POST /activity/apply */
export const applyBody = v.strictObject({ id: idSchema('error.not_found') }, 'v.type.object');
/** GET /activity/mine */
export const myPromotionsQuery = v.object({ status: v.optional(v.picklist(APPLICATION_STATUSES)), page, pageSize });

// ---- player answers ------------------------------------------------------------------------------

const ModeEntryView = v.object({ mode: v.number(), name: v.string(), status: v.picklist(ENTRY_STATUSES) });
export type ModeEntry = v.InferOutput<typeof ModeEntryView>;
export const ShowTypeView = v.array(ModeEntryView);

const FrontTypeView = v.object({ id: v.number(), title: v.string() });
export type FrontType = v.InferOutput<typeof FrontTypeView>;
export const FrontTypeListView = v.array(FrontTypeView);

const TierView = v.object({ threshold: v.string(), amount: v.string(), percent: v.string() });
export type Tier = v.InferOutput<typeof TierView>;

const PromotionCardView = v.object({
  id: v.number(),
  mode: v.number(),
  mode_name: v.string(),
  front_id: v.nullable(v.number()),
  title: v.string(),
  summary: v.string(),
  banner: v.nullable(v.string()),
  limited_time: v.boolean(),
  show_start: v.nullable(v.string()),
  show_end: v.nullable(v.string()),
  claim_start: v.nullable(v.string()),
  claim_end: v.nullable(v.string()),
  claim_mode: v.picklist(CLAIM_MODES),
  /** The claim window has passed: the screens show 此活動已結束. */
  ended: v.boolean(),
});
export type PromotionCard = v.InferOutput<typeof PromotionCardView>;

export const PromotionListView = v.object({ data: v.array(PromotionCardView), total: v.number(), page: v.number(), pageSize: v.number() });
export type PromotionList = v.InferOutput<typeof PromotionListView>;

/** This player's standing on one promotion; null for visitors. */
const PlayerPromotionStateView = v.object({
  can_apply: v.boolean(),
  applied: v.boolean(),
  /** The latest application's status, if any. */
  status: v.nullable(v.picklist(APPLICATION_STATUSES)),
  /** Why the player cannot apply now, as codes (see INELIGIBLE_REASONS) and as translated text. */
  reasons: v.array(v.picklist(INELIGIBLE_REASONS)),
  reason_texts: v.array(v.string()),
  /** The operator's reason when the latest application was rejected. */
  reject_reason: v.string(),
});
export type PlayerPromotionState = v.InferOutput<typeof PlayerPromotionStateView>;

export const PromotionDetailView = v.object({
  ...PromotionCardView.entries,
  /** Operator HTML, sanitized when it was saved. */
  content: v.string(),
  reward_kind: v.picklist(REWARD_KINDS),
  fixed_amount: v.string(),
  percent: v.string(),
  tiers: v.array(TierView),
  min_amount: v.string(),
  max_grant: v.string(),
  flow_multiple: v.number(),
  flow_base: v.picklist(FLOW_BASES),
  is_sports: v.boolean(),
  limit_period: v.picklist(LIMIT_PERIODS),
  limit_count: v.number(),
  player: v.nullable(PlayerPromotionStateView),
});
export type PromotionDetail = v.InferOutput<typeof PromotionDetailView>;

/** The activity wallet a grant paid into, with what is left of its bet flow. */
const GrantWalletView = v.object({
  id: v.number(),
  money: v.string(),
  bonus_bet: v.string(),
  bonus_now_bet: v.string(),
  remaining_bet: v.string(),
  is_unlock: v.boolean(),
  /** 1 active, 2 unlocked, 3 given up (the activity wallet's status). */
  status: v.number(),
});

const ApplicationView = v.object({
  id: v.number(),
  promotion_id: v.number(),
  mode: v.number(),
  title: v.string(),
  status: v.picklist(APPLICATION_STATUSES),
  status_text: v.string(),
  amount: v.string(),
  /** The qualifying event or period: a deposit id, a Taipei day, a friend's account... */
  period: v.string(),
  reason: v.string(),
  target: v.nullable(v.picklist(['bonus', 'central'])),
  wallet: v.nullable(GrantWalletView),
  created_at: v.string(),
  reviewed_at: v.nullable(v.string()),
});
export type Application = v.InferOutput<typeof ApplicationView>;
export const MyPromotionsView = v.object({ data: v.array(ApplicationView), total: v.number(), page: v.number(), pageSize: v.number() });
export type MyPromotions = v.InferOutput<typeof MyPromotionsView>;

/** POST /activity/apply answers with the application (applying, or success when paid at once) and a message. */
export const ApplyResultView = ApplicationView;

// ---- back office requests ------------------------------------------------------------------------

/** An amount of the editor, at most PROMOTION_LIMITS.amountMaxMinor; the message states that limit. */
const promoMoney = v.pipe(
  v.string('bo.promo.v.amount'),
  v.trim(),
  v.regex(/^\d{1,12}(\.\d{1,2})?$/, 'bo.promo.v.amount'),
  v.check((x) => Math.round(Number(x) * 100) <= PROMOTION_LIMITS.amountMaxMinor, 'bo.promo.v.amount'),
);
/** A percentage of the editor, at most PROMOTION_LIMITS.percentMaxBp; the message states that limit. */
const promoPercent = v.pipe(
  v.string('bo.promo.v.percent'),
  v.trim(),
  v.regex(PERCENT_RE, 'bo.promo.v.percent'),
  v.check((x) => Math.round(Number(x) * 100) <= PROMOTION_LIMITS.percentMaxBp, 'bo.promo.v.percent'),
);
const registerDays = v.pipe(
  v.number('bo.promo.v.register_days'),
  v.integer('bo.promo.v.register_days'),
  v.minValue(0, 'bo.promo.v.register_days'),
  v.maxValue(PROMOTION_LIMITS.registerDaysMax, 'bo.promo.v.register_days'),
);

const tierBody = v.strictObject({ threshold: promoMoney, amount: promoMoney, percent: promoPercent }, 'v.type.object');

/** True when both instants are given and the end is not after the start. */
const endsBeforeStart = (start: string | null, end: string | null) => !!start && !!end && Date.parse(start) >= Date.parse(end);

const promotionFields = v.strictObject(
  {
    mode: v.picklist(ENGINE_MODES, 'promo.v.mode'),
    front_id: v.nullable(idSchema('promo.v.front')),
    title: requiredText(PROMOTION_LIMITS.titleMax),
    title_en: requiredText(PROMOTION_LIMITS.titleMax),
    summary: text(PROMOTION_LIMITS.summaryMax),
    summary_en: text(PROMOTION_LIMITS.summaryMax),
    /** Operator HTML; sanitized on save. */
    content: text(PROMOTION_LIMITS.contentMaxChars),
    content_en: text(PROMOTION_LIMITS.contentMaxChars),
    /** An operator upload (POST /api/backoffice/uploads/images), shown to anyone. */
    banner_id: v.nullable(idSchema('v.id.invalid')),
    status: v.picklist(PROMOTION_STATUSES),
    sort: int(0, 100_000),
    limited_time: v.boolean(),
    show_start: instant,
    show_end: instant,
    claim_start: instant,
    claim_end: instant,
    // Eligibility.
    /** Level ids that may take part; empty means every level. */
    levels: v.pipe(v.array(int(0, 10)), v.maxLength(11)),
    /** Days since registration: at least min (0 = any) and at most max (0 = any). */
    min_register_days: registerDays,
    max_register_days: registerDays,
    /** Deposits over the last deposit_window_days (0 = ever) needed before applying. */
    deposit_window_days: int(0, 3650),
    min_deposit_count: int(0, 100_000),
    min_deposit_total: promoMoney,
    // Reward rule.
    reward_kind: v.picklist(REWARD_KINDS),
    fixed_amount: promoMoney,
    percent: promoPercent,
    tiers: v.pipe(v.array(tierBody), v.maxLength(PROMOTION_LIMITS.tiersMax)),
    /** Smallest qualifying amount (deposit, valid bet, net loss); 0 = any. */
    min_amount: promoMoney,
    /** Cap per grant; 0 = none. */
    max_grant: promoMoney,
    /** Mode 6: the game groups rebated (empty = all) and whether the VIP level's rebate rate replaces percent. */
    game_groups: v.pipe(v.array(v.picklist(GAME_GROUPS)), v.maxLength(GAME_GROUPS.length)),
    use_vip_rate: v.boolean(),
    /** Mode 9: what the referrer and the friend get, the friend's thresholds, and the referrer's cap. */
    referrer_amount: promoMoney,
    friend_amount: promoMoney,
    friend_min_deposit: promoMoney,
    friend_min_valid_bet: promoMoney,
    max_per_referrer: int(0, 100_000),
    // Money and limits.
    /** Total budget; null = none. */
    budget: v.nullable(promoMoney),
    limit_period: v.picklist(LIMIT_PERIODS),
    /** Grants per player per limit period; 0 = no limit. */
    limit_count: int(0, 10_000),
    flow_multiple: int(0, PROMOTION_LIMITS.flowMultipleMax),
    flow_base: v.picklist(FLOW_BASES),
    is_sports: v.boolean(),
    give_up_wallet_amount: promoMoney,
    claim_mode: v.picklist(CLAIM_MODES),
    /** Applications worth at most this are approved at once; null = every one waits for an operator. */
    auto_approve_max: v.nullable(promoMoney),
    not_combinable: v.boolean(),
    unique_by: v.pipe(v.array(v.picklist(UNIQUE_KEYS)), v.maxLength(UNIQUE_KEYS.length)),
  },
  'v.type.object',
);

/**
 * The editor's body. The rules between fields are partial checks: each runs as soon as its own fields are valid,
 * so an end before its start, or a minimum above its maximum, is reported together with every other error rather
 * than after they are fixed.
 */
export const promotionBody = v.pipe(
  promotionFields,
  v.forward(
    v.partialCheck([['show_start'], ['show_end']], (b) => !endsBeforeStart(b.show_start, b.show_end), 'promo.v.window'),
    ['show_end'],
  ),
  v.forward(
    v.partialCheck([['claim_start'], ['claim_end']], (b) => !endsBeforeStart(b.claim_start, b.claim_end), 'promo.v.window'),
    ['claim_end'],
  ),
  v.forward(
    v.partialCheck(
      [['min_register_days'], ['max_register_days']],
      (b) => b.max_register_days === 0 || b.min_register_days <= b.max_register_days,
      'bo.promo.v.register_days_order',
    ),
    ['max_register_days'],
  ),
);
export type PromotionInput = v.InferOutput<typeof promotionBody>;

export const boPromotionListQuery = v.object({
  mode: v.optional(modeText),
  front: v.optional(idText('promo.v.front', 0)),
  status: v.optional(v.picklist(PROMOTION_STATUSES)),
  search: v.optional(text(50)),
  page,
  pageSize,
});

export const categoryBody = v.strictObject(
  {
    title: requiredText(40),
    title_en: requiredText(40),
    sort: int(0, 100_000),
    status: v.picklist(PROMOTION_STATUSES),
  },
  'v.type.object',
);
export type CategoryInput = v.InferOutput<typeof categoryBody>;

export const modeParams = v.object({ mode: modeText });
export const modeEntryBody = v.strictObject({ status: v.picklist(ENTRY_STATUSES) }, 'v.type.object');

export const applicationsQuery = v.object({
  promotion_id: v.optional(idText('error.not_found')),
  status: v.optional(v.picklist(APPLICATION_STATUSES)),
  mode: v.optional(modeText),
  account: v.optional(text(12)),
  page,
  pageSize,
});

export const reviewBody = v.strictObject(
  {
    ids: v.pipe(v.array(idSchema('v.id.invalid')), v.minLength(1, 'promo.v.batch'), v.maxLength(PROMOTION_LIMITS.reviewBatchMax, 'promo.v.batch')),
    action: v.picklist(['approve', 'reject']),
    /** Required to reject; shown to the player. */
    reason: text(PROMOTION_LIMITS.reasonMax),
  },
  'v.type.object',
);
export type ReviewInput = v.InferOutput<typeof reviewBody>;

/** Mode 10: one account or a pasted list (one per line, or separated by commas or spaces). */
export const giftBody = v.strictObject(
  {
    promotion_id: idSchema('error.not_found'),
    accounts: v.pipe(v.string('v.type.string'), v.maxLength(PROMOTION_LIMITS.giftAccountsMax * 14, 'v.too_long')),
    amount: money,
    reason: requiredText(PROMOTION_LIMITS.reasonMax),
  },
  'v.type.object',
);
export type GiftInput = v.InferOutput<typeof giftBody>;

export const jobParams = v.object({ job: v.picklist(PROMOTION_JOBS) });
/** The Taipei day to settle (YYYY-MM-DD); only a day that has closed. */
export const jobBody = v.strictObject({ day: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'promo.v.day')) }, 'v.type.object');

// ---- back office answers -------------------------------------------------------------------------

export const PromotionAdminView = v.object({
  id: v.number(),
  mode: v.number(),
  front_id: v.nullable(v.number()),
  title: v.string(),
  title_en: v.string(),
  summary: v.string(),
  summary_en: v.string(),
  content: v.string(),
  content_en: v.string(),
  banner_id: v.nullable(v.number()),
  banner: v.nullable(v.string()),
  status: v.picklist(PROMOTION_STATUSES),
  sort: v.number(),
  limited_time: v.boolean(),
  show_start: v.nullable(v.string()),
  show_end: v.nullable(v.string()),
  claim_start: v.nullable(v.string()),
  claim_end: v.nullable(v.string()),
  levels: v.array(v.number()),
  min_register_days: v.number(),
  max_register_days: v.number(),
  deposit_window_days: v.number(),
  min_deposit_count: v.number(),
  min_deposit_total: v.string(),
  reward_kind: v.picklist(REWARD_KINDS),
  fixed_amount: v.string(),
  percent: v.string(),
  tiers: v.array(TierView),
  min_amount: v.string(),
  max_grant: v.string(),
  game_groups: v.array(v.string()),
  use_vip_rate: v.boolean(),
  referrer_amount: v.string(),
  friend_amount: v.string(),
  friend_min_deposit: v.string(),
  friend_min_valid_bet: v.string(),
  max_per_referrer: v.number(),
  budget: v.nullable(v.string()),
  spent: v.string(),
  limit_period: v.picklist(LIMIT_PERIODS),
  limit_count: v.number(),
  flow_multiple: v.number(),
  flow_base: v.picklist(FLOW_BASES),
  is_sports: v.boolean(),
  give_up_wallet_amount: v.string(),
  claim_mode: v.picklist(CLAIM_MODES),
  auto_approve_max: v.nullable(v.string()),
  not_combinable: v.boolean(),
  unique_by: v.array(v.picklist(UNIQUE_KEYS)),
  created_at: v.string(),
  updated_at: v.string(),
});
export type PromotionAdmin = v.InferOutput<typeof PromotionAdminView>;
export const PromotionAdminListView = v.object({ data: v.array(PromotionAdminView), total: v.number() });
export type PromotionAdminList = v.InferOutput<typeof PromotionAdminListView>;

export const CategoryAdminView = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  sort: v.number(),
  status: v.picklist(PROMOTION_STATUSES),
});
export type CategoryAdmin = v.InferOutput<typeof CategoryAdminView>;
export const CategoryAdminListView = v.array(CategoryAdminView);

const ModeEntryAdminView = v.object({ mode: v.number(), name: v.string(), status: v.picklist(ENTRY_STATUSES) });
export const ModeEntryAdminListView = v.array(ModeEntryAdminView);
export type ModeEntryAdmin = v.InferOutput<typeof ModeEntryAdminView>;

const ApplicationAdminView = v.object({
  ...ApplicationView.entries,
  player_id: v.number(),
  account: v.string(),
  staff_id: v.nullable(v.number()),
});
export type ApplicationAdmin = v.InferOutput<typeof ApplicationAdminView>;
export const ApplicationAdminListView = v.object({ data: v.array(ApplicationAdminView), total: v.number() });

export const ReviewResultView = v.object({
  approved: v.number(),
  rejected: v.number(),
  /** Applications left as they were, with the error code that stopped each (budget, limit, protection...). */
  failed: v.array(v.object({ id: v.number(), code: v.string(), message: v.string() })),
});
export type ReviewResult = v.InferOutput<typeof ReviewResultView>;

export const GiftResultView = v.object({
  granted: v.number(),
  failed: v.array(v.object({ account: v.string(), code: v.string(), message: v.string() })),
});
export type GiftResult = v.InferOutput<typeof GiftResultView>;

export const PromotionReportView = v.object({
  promotion_id: v.number(),
  grants: v.number(),
  players: v.number(),
  applying: v.number(),
  rejected: v.number(),
  cost: v.string(),
  budget: v.nullable(v.string()),
  budget_left: v.nullable(v.string()),
  flow_target: v.string(),
  flow_done: v.string(),
  unlocks: v.number(),
  given_up: v.number(),
});
export type PromotionReport = v.InferOutput<typeof PromotionReportView>;

export const JobRunView = v.object({ job: v.picklist(PROMOTION_JOBS), day: v.string(), granted: v.number(), already_run: v.boolean() });
