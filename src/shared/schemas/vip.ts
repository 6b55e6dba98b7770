// Schemas of the VIP and points-mall calls (SPEC.md sections 5 and 7), shared by the routes,
// the back office and the islands.
import * as v from 'valibot';
import { bytesView } from './envelope.ts';
import { MONEY_RE } from './wallet.ts';
import { GIFT_STATUS, statusValues } from '../statuses.ts';

export const GAME_GROUPS = ['slots', 'fish', 'sports', 'casino', 'lottery', 'cards', 'esports'] as const;
export const REWARD_TARGETS = ['bonus', 'central'] as const;
const GIFT_KINDS = ['physical', 'virtual'] as const;
export const ORDER_STATUSES = ['not_shipped', 'shipped', 'received', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Per-player caps and field lengths: a limit on everything. */
const MAX_POINTS = 1_000_000_000;
export const GIFT_IMAGE_MAX_BYTES = 512 * 1024;

const id = v.pipe(
  v.union([v.number(), v.string()], 'v.digits'),
  v.transform(Number),
  v.integer('v.digits'),
  v.minValue(1, 'error.not_found'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'error.not_found'),
);
const requiredText = (max: number) =>
  v.pipe(v.string('vip.field.required'), v.trim(), v.nonEmpty('vip.field.required'), v.maxLength(max, 'vip.field.required'));
const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');

/**
 * POST /exchange/buy. The address fields are optional in the schema because virtual gifts need none;
 * the service requires all four for a physical gift (SPEC.md section 5).
 */
export const exchangeBuyBody = v.strictObject(
  {
    exchange_id: id,
    consignee: optionalText(40),
    phone: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^\d{8,15}$/, 'vip.phone.invalid')), ''),
    area: optionalText(60),
    address: optionalText(200),
  },
  'v.type.object',
);
export type ExchangeBuyInput = v.InferOutput<typeof exchangeBuyBody>;

const dateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'v.date.invalid'));
const pageNumber = v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1');
const pageSize = v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '10');
export const exchangeRecordQuery = v.object({ date_start: v.optional(dateText), date_end: v.optional(dateText), page: pageNumber, pageSize });

export const rewardClaimBody = v.strictObject({ id }, 'v.type.object');

// ---- answers -----------------------------------------------------------------------------------

const giftView = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  image: v.nullable(v.string()),
  points: v.number(),
  stock: v.number(),
  kind: v.picklist(GIFT_KINDS),
  bonus: v.string(),
  per_player_limit: v.number(),
  redeemed: v.number(),
  show_start: v.nullable(v.string()),
  show_end: v.nullable(v.string()),
});
export const exchangeListView = v.object({ points: v.number(), list: v.array(giftView) });
export const exchangeOrderView = v.object({
  id: v.number(),
  gift_id: v.number(),
  name: v.string(),
  kind: v.string(),
  points: v.number(),
  status: v.picklist(ORDER_STATUSES),
  tracking_no: v.string(),
  reason: v.string(),
  consignee: v.string(),
  phone: v.string(),
  area: v.string(),
  address: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export const exchangeRecordsView = v.object({ data: v.array(exchangeOrderView), total: v.number() });
const levelFields = {
  id: v.number(),
  name: v.string(),
  icon: v.string(),
  deposit_req: v.string(),
  valid_bet_req: v.string(),
  keep_valid_bet: v.string(),
  upgrade_reward: v.string(),
  monthly_reward: v.string(),
  birthday_reward: v.string(),
  reward_target: v.picklist(REWARD_TARGETS),
  reward_flow_multiple: v.number(),
  withdraw_max_per_day: v.number(),
  withdraw_free_per_day: v.number(),
  withdraw_fee: v.string(),
  rebate_rate: v.string(),
  points_rates: v.record(v.string(), v.number()),
};
const levelView = v.object(levelFields);
export const rewardView = v.object({
  id: v.number(),
  kind: v.string(),
  period: v.string(),
  level_id: v.number(),
  amount: v.string(),
  target: v.string(),
  status: v.string(),
  created_at: v.string(),
});
export const vipInfoView = v.object({
  level: v.object({ id: v.number(), name: v.string(), icon: v.string(), locked: v.boolean(), reached_at: v.nullable(v.string()) }),
  period_days: v.number(),
  grace_days: v.number(),
  totals: v.object({ deposit: v.string(), valid_bet: v.string() }),
  next: v.nullable(v.object({ id: v.number(), name: v.string(), deposit_needed: v.string(), valid_bet_needed: v.string() })),
  keep: v.object({ valid_bet_required: v.string(), valid_bet: v.string(), kept: v.boolean() }),
  points: v.number(),
  rewards: v.array(rewardView),
  levels: v.array(levelView),
});

export type GiftView = v.InferOutput<typeof giftView>;
export type ExchangeListView = v.InferOutput<typeof exchangeListView>;
export type ExchangeOrderView = v.InferOutput<typeof exchangeOrderView>;
export type LevelView = v.InferOutput<typeof levelView>;
export type RewardView = v.InferOutput<typeof rewardView>;
export type VipInfoView = v.InferOutput<typeof vipInfoView>;

/** Gift pictures are served as the image bytes themselves. */
export const imageBytesView = bytesView;

// ---- back office -------------------------------------------------------------------------------

const money = v.pipe(v.string('v.money.invalid'), v.trim(), v.regex(MONEY_RE, 'v.money.invalid'));
const smallInt = (max: number) => v.pipe(v.number('v.type.number'), v.integer('v.type.number'), v.minValue(0), v.maxValue(max));

export const levelParams = v.strictObject({ id: v.pipe(v.string(), v.regex(/^(10|[0-9])$/, 'error.not_found'), v.transform(Number)) });

export const levelRulesBody = v.strictObject(
  {
    name_frontend: requiredText(20),
    name_frontend_en: requiredText(20),
    if_show_frontend: v.boolean(),
    deposit_req: money,
    valid_bet_req: money,
    keep_valid_bet: money,
    upgrade_reward: money,
    monthly_reward: money,
    birthday_reward: money,
    reward_target: v.picklist(REWARD_TARGETS),
    reward_flow_multiple: smallInt(100),
    withdraw_max_per_day: smallInt(100),
    withdraw_free_per_day: smallInt(100),
    withdraw_fee: money,
    rebate_rate_bp: smallInt(10_000),
    points_rates: v.record(v.picklist(GAME_GROUPS), smallInt(10_000)),
  },
  'v.type.object',
);
export type LevelRulesInput = v.InferOutput<typeof levelRulesBody>;

export const playerLevelBody = v.strictObject(
  {
    level_id: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)),
    locked: v.boolean(),
    reason: requiredText(200),
  },
  'v.type.object',
);

export const pointsAdjustBody = v.strictObject(
  {
    points: v.pipe(
      v.number('v.type.number'),
      v.integer('v.type.number'),
      v.minValue(-MAX_POINTS),
      v.maxValue(MAX_POINTS),
      v.check((n) => n !== 0, 'v.money.positive'),
    ),
    reason: requiredText(200),
  },
  'v.type.object',
);

const isoDate = v.nullable(v.pipe(v.string(), v.isoTimestamp()));
export const giftBody = v.strictObject(
  {
    name: requiredText(60),
    name_en: requiredText(60),
    description: optionalText(1000),
    description_en: optionalText(1000),
    image_id: v.nullable(id),
    points: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_POINTS)),
    stock: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
    show_start: isoDate,
    show_end: isoDate,
    per_player_limit: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
    kind: v.picklist(GIFT_KINDS),
    bonus: money,
    bonus_flow_multiple: smallInt(100),
    status: v.picklist(statusValues(GIFT_STATUS)),
    sort: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
  },
  'v.type.object',
);
export type GiftInput = v.InferOutput<typeof giftBody>;

/** Images travel as base64 in JSON; the service checks the size and the magic bytes and re-encodes them. */
export const giftImageBody = v.strictObject(
  {
    data: v.pipe(v.string(), v.maxLength(Math.ceil((GIFT_IMAGE_MAX_BYTES * 4) / 3) + 4, 'bo.vip.image_too_large')),
  },
  'v.type.object',
);

export const ordersQuery = v.object({
  status: v.optional(v.picklist(ORDER_STATUSES)),
  page: pageNumber,
  pageSize,
});

export const orderActionBody = v.strictObject(
  {
    action: v.picklist(['ship', 'receive', 'reject']),
    tracking_no: optionalText(60),
    reason: optionalText(200),
  },
  'v.type.object',
);

// ---- back-office answers ----

/** A level as the editor shows it: the player-facing rules plus the raw settings and how many players hold it. */
export const levelAdminView = v.object({
  ...levelFields,
  name_frontend: v.string(),
  name_frontend_en: v.string(),
  if_show_frontend: v.boolean(),
  rebate_rate_bp: v.number(),
  players: v.number(),
});
export const levelPreviewView = v.object({ would_rise: v.number(), would_miss_keep: v.number(), players_read: v.number(), period_days: v.number() });
export const playerVipView = v.object({
  level_id: v.number(),
  icon: v.string(),
  locked: v.boolean(),
  reached_at: v.nullable(v.string()),
  points: v.number(),
  rewards: v.array(rewardView),
  points_history: v.array(v.object({ id: v.number(), kind: v.string(), memo: v.string(), points: v.number(), balance: v.number(), created_at: v.string() })),
  history: v.array(
    v.object({
      id: v.number(),
      from: v.number(),
      to: v.number(),
      reason: v.string(),
      detail: v.unknown(),
      staff_id: v.nullable(v.number()),
      created_at: v.string(),
    }),
  ),
});
export const pointsBalanceView = v.object({ points: v.number() });
export const giftAdminView = v.object({
  id: v.number(),
  name: v.string(),
  name_en: v.string(),
  description: v.string(),
  description_en: v.string(),
  image_id: v.nullable(v.number()),
  image: v.nullable(v.string()),
  points: v.number(),
  stock: v.number(),
  show_start: v.nullable(v.string()),
  show_end: v.nullable(v.string()),
  per_player_limit: v.number(),
  kind: v.picklist(GIFT_KINDS),
  bonus: v.string(),
  bonus_flow_multiple: v.number(),
  status: v.number(),
  sort: v.number(),
});
export const giftImageView = v.object({ id: v.number(), url: v.string() });
export const orderQueueView = v.object({
  data: v.array(v.object({ ...exchangeOrderView.entries, player_id: v.number(), account: v.string() })),
  total: v.number(),
});

export type LevelAdminView = v.InferOutput<typeof levelAdminView>;
export type LevelPreviewView = v.InferOutput<typeof levelPreviewView>;
export type GiftAdminView = v.InferOutput<typeof giftAdminView>;
export type GiftImageView = v.InferOutput<typeof giftImageView>;
export type OrderQueueView = v.InferOutput<typeof orderQueueView>;
export type PlayerVipView = v.InferOutput<typeof playerVipView>;
