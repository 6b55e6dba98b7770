// The red-packet rain (promotion mode 11): the player's calls of SPEC.md section 7 (GET /activity/redEnvelope,
// POST /activity/addAudit/{redEnvelopeId}) and the back office's rounds and claims queue. Shared by the routes
// (request and response schemas) and the islands (inferred types).
import * as v from 'valibot';
import { idText } from './ids.ts';

/** Limits of one round: enough for any real rain, small enough that drawing and storing packets stays quick. */
const RED_PACKET_MAX_COUNT = 10_000;
export const RED_PACKET_MAX_POOL_MINOR = 1_000_000_000n; // 10,000,000.00
const RED_PACKET_MAX_DAYS = 365;
const RED_PACKET_MAX_FLOW = 100;
/** Longest window of one round. */
export const RED_PACKET_MAX_WINDOW_MS = 31 * 24 * 60 * 60 * 1000;
const RED_PACKET_REASON_MAX = 500;

const RED_PACKET_POSITIONS = ['left', 'right'] as const;
/** 0: every page, closing hides it on this page only; 1: home page only, closing sets the cookie for the round. */
const RED_PACKET_SHOW_PAGE_TYPES = [0, 1] as const;
const RED_PACKET_CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;

// ---- player ----

/** GET /api/activity/redEnvelope: SPEC.md section 3's red envelope info, plus the window's end for the cookie. */
export const redEnvelopeView = v.object({
  /** A round is on now (the corner icon shows). */
  haveRedEnvelope: v.boolean(),
  /** The viewer may still take a packet of it (the rain falls). */
  haveRedEnvelopeRain: v.boolean(),
  redpacketPosition: v.picklist(RED_PACKET_POSITIONS),
  /** The large redeem popup may open (the viewer has not claimed yet). */
  showRedPack: v.boolean(),
  showPageType: v.picklist(RED_PACKET_SHOW_PAGE_TYPES),
  redEnvelopeId: v.nullable(v.number()),
  redEnvelopePic: v.nullable(v.string()),
  title: v.string(),
  endsAt: v.nullable(v.string()),
  /** Packets left, for the popup's count. */
  remaining: v.number(),
});
export type RedEnvelopeView = v.InferOutput<typeof redEnvelopeView>;

export const addAuditParams = v.object({ redEnvelopeId: idText('error.not_found') });

/** POST /api/activity/addAudit/{id}: the envelope's message is what the modal shows. */
export const addAuditView = v.object({
  id: v.number(),
  amount: v.string(),
  status: v.picklist(RED_PACKET_CLAIM_STATUSES),
});
export type AddAuditView = v.InferOutput<typeof addAuditView>;

// ---- back office ----

const money = v.pipe(v.string('v.money.invalid'), v.trim(), v.regex(/^\d{1,12}(\.\d{1,2})?$/, 'v.money.invalid'));
const whole = (min: number, max: number) =>
  v.pipe(v.number('bo.v.integer'), v.integer('bo.v.integer'), v.minValue(min, 'bo.v.out_of_range'), v.maxValue(max, 'bo.v.out_of_range'));
const title = v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('bo.redpacket.v.title'), v.maxLength(60, 'v.too_long'));
const instant = v.pipe(v.string('v.type.string'), v.isoTimestamp('bo.redpacket.v.time'));

export const roundBody = v.strictObject(
  {
    title,
    title_en: title,
    starts_at: instant,
    ends_at: instant,
    pool: money,
    packet_count: whole(1, RED_PACKET_MAX_COUNT),
    min_packet: money,
    max_packet: money,
    min_level: whole(0, 10),
    lookback_days: whole(0, RED_PACKET_MAX_DAYS),
    min_deposit: money,
    min_valid_bet: money,
    flow_multiple: whole(0, RED_PACKET_MAX_FLOW),
    approval_ceiling: money,
    position: v.picklist(RED_PACKET_POSITIONS, 'bo.redpacket.v.position'),
    picture_id: v.nullable(
      v.pipe(v.number('v.id.invalid'), v.integer('v.id.invalid'), v.minValue(1, 'v.id.invalid'), v.maxValue(Number.MAX_SAFE_INTEGER, 'v.id.invalid')),
    ),
    show_page_type: v.picklist(RED_PACKET_SHOW_PAGE_TYPES, 'bo.redpacket.v.show_page_type'),
  },
  'v.type.object',
);
export type RoundInput = v.InferOutput<typeof roundBody>;

const roundView = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  starts_at: v.string(),
  ends_at: v.string(),
  pool: v.string(),
  packet_count: v.number(),
  min_packet: v.string(),
  max_packet: v.string(),
  min_level: v.number(),
  lookback_days: v.number(),
  min_deposit: v.string(),
  min_valid_bet: v.string(),
  flow_multiple: v.number(),
  approval_ceiling: v.string(),
  position: v.picklist(RED_PACKET_POSITIONS),
  picture_id: v.nullable(v.number()),
  picture: v.nullable(v.string()),
  show_page_type: v.picklist(RED_PACKET_SHOW_PAGE_TYPES),
  status: v.string(),
  /** upcoming, live, sold_out, ended or cancelled, from the window and the packets left. */
  state: v.picklist(['upcoming', 'live', 'sold_out', 'ended', 'cancelled']),
  claimed: v.number(),
  remaining: v.number(),
  paid: v.string(),
  pending: v.number(),
});
export type RoundView = v.InferOutput<typeof roundView>;
/** One page of rounds, in the back office's paged-list shape. */
export const roundListView = v.object({ data: v.array(roundView), total: v.number(), page: v.number(), pageSize: v.number() });

const claimView = v.object({
  id: v.number(),
  round_id: v.number(),
  round_title: v.string(),
  player_id: v.number(),
  account: v.string(),
  amount: v.string(),
  status: v.picklist(RED_PACKET_CLAIM_STATUSES),
  claimed_at: v.string(),
  reviewed_at: v.nullable(v.string()),
  reviewed_by: v.nullable(v.number()),
  reason: v.nullable(v.string()),
  wallet_id: v.nullable(v.number()),
});
export type ClaimView = v.InferOutput<typeof claimView>;
export const claimListView = v.object({ data: v.array(claimView), total: v.number(), page: v.number(), pageSize: v.number() });

const pageText = (max: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'bo.v.integer'), v.transform(Number), v.minValue(1, 'bo.v.out_of_range'), v.maxValue(max, 'bo.v.out_of_range')),
  );
export const roundsQuery = v.object({ page: pageText(10_000), pageSize: pageText(100) });
export const claimsQuery = v.object({
  page: pageText(10_000),
  pageSize: pageText(100),
  status: v.optional(v.picklist(RED_PACKET_CLAIM_STATUSES, 'bo.redpacket.v.status')),
  round_id: v.optional(idText('v.id.invalid')),
});
export const rejectBody = v.strictObject(
  {
    reason: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('bo.redpacket.v.reason'), v.maxLength(RED_PACKET_REASON_MAX, 'v.too_long')),
  },
  'v.type.object',
);
export const reviewView = v.object({ id: v.number(), status: v.picklist(RED_PACKET_CLAIM_STATUSES), replayed: v.boolean() });
