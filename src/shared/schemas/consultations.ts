// Consultations (feedback threads between a player and customer service), SPEC.md sections 3 and 5.
import * as v from 'valibot';
import { idSchema, idText } from './ids.ts';
import { PLAYER_IMAGES_MAX } from './uploads.ts';

/**
 * GET /api/messages/player/consultation without paging: the header badge's consultation part. Each
 * consultation carries a watch count (replies the player has not seen yet); the counter is their sum.
 */
export const consultationCountView = v.object({ PlayerConsultationCount: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** Named states of a consultation: open for replies, or closed by staff. */
const CONSULTATION_STATES = ['consulting', 'ended'] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];
const CONSULTATION_SOURCES = ['feedback', 'chat'] as const;
export type ConsultationSource = (typeof CONSULTATION_SOURCES)[number];

/** SPEC.md section 5: at most three images per message (their type and size are the uploads module's rules). */
export const CONSULTATION_IMAGES_MAX = PLAYER_IMAGES_MAX;
export const CONSULTATION_TITLE_MAX = 100;
export const CONSULTATION_TEXT_MAX = 2000;
const CONSULTATION_PAGE_SIZE_MAX = 50;
/** A thread shows at most this many replies (the newest); far beyond a real conversation. */
export const CONSULTATION_THREAD_MAX = 200;

const text = (max: number, required: string) => v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty(required), v.maxLength(max, 'consult.v.too_long'));
const imageIds = v.optional(
  v.pipe(
    v.array(idSchema('consult.v.image'), 'consult.v.image'),
    v.maxLength(CONSULTATION_IMAGES_MAX, 'consult.v.images_max'),
    v.check((ids) => new Set(ids).size === ids.length, 'consult.v.image'),
  ),
  [],
);

export const createConsultationBody = v.strictObject(
  {
    title: text(CONSULTATION_TITLE_MAX, 'consult.v.title_required'),
    information: text(CONSULTATION_TEXT_MAX, 'consult.v.information_required'),
    image_ids: imageIds,
  },
  'v.type.object',
);

export const replyConsultationBody = v.strictObject(
  {
    content: text(CONSULTATION_TEXT_MAX, 'consult.v.content_required'),
    image_ids: imageIds,
  },
  'v.type.object',
);

const intText = (min: number, max: number) =>
  v.pipe(
    v.string('v.type.string'),
    v.regex(/^\d{1,6}$/, 'consult.v.page'),
    v.transform(Number),
    v.minValue(min, 'consult.v.page'),
    v.maxValue(max, 'consult.v.page'),
  );

/** Without page and pageSize the call answers the counter only (SPEC.md section 7). */
export const consultationListQuery = v.object({
  page: v.optional(intText(1, 10_000)),
  pageSize: v.optional(intText(1, CONSULTATION_PAGE_SIZE_MAX)),
  state: v.optional(v.picklist(CONSULTATION_STATES, 'consult.v.state')),
});

export const consultationIdParams = v.object({ id: idText('error.not_found') });

const isoTime = v.string();
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const consultationImageView = v.object({ id: v.number(), url: v.string() });
export type ConsultationImageView = v.InferOutput<typeof consultationImageView>;

const consultationItemView = v.object({
  id: v.number(),
  title: v.string(),
  state: v.picklist(CONSULTATION_STATES),
  source: v.picklist(CONSULTATION_SOURCES),
  watch_count: count,
  image_count: count,
  created_at: isoTime,
  last_message_at: isoTime,
  ended_at: v.nullable(isoTime),
});
export type ConsultationItemView = v.InferOutput<typeof consultationItemView>;

export const consultationListView = v.object({
  data: v.array(consultationItemView),
  total: count,
  PlayerConsultationCount: count,
});
export type ConsultationListView = v.InferOutput<typeof consultationListView>;

const consultationMessageView = v.object({
  id: v.number(),
  author: v.picklist(['player', 'staff']),
  /** The staff member's name on the desk; null on the player's side (customer service speaks as one). */
  staff_name: v.nullable(v.string()),
  body: v.string(),
  images: v.array(consultationImageView),
  created_at: isoTime,
});

export const consultationDetailView = v.object({
  id: v.number(),
  title: v.string(),
  information: v.string(),
  state: v.picklist(CONSULTATION_STATES),
  source: v.picklist(CONSULTATION_SOURCES),
  images: v.array(consultationImageView),
  messages: v.array(consultationMessageView),
  created_at: isoTime,
  ended_at: v.nullable(isoTime),
});
export type ConsultationDetailView = v.InferOutput<typeof consultationDetailView>;

export const consultationCreatedView = v.object({ id: v.number() });

// The consultation desk (back office).

/** assignee: 'me', 'none' (unassigned) or a staff id; absent means anyone. */
export const deskListQuery = v.object({
  page: v.optional(intText(1, 10_000), '1'),
  pageSize: v.optional(intText(1, CONSULTATION_PAGE_SIZE_MAX), '20'),
  state: v.optional(v.picklist(CONSULTATION_STATES, 'consult.v.state')),
  assignee: v.optional(v.union([v.picklist(['me', 'none']), idText('consult.v.assignee')], 'consult.v.assignee')),
  account: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(12, 'consult.v.too_long'))),
});

export const deskReplyBody = replyConsultationBody;

export const deskAssignBody = v.strictObject(
  {
    /** null gives the consultation back to the queue. */
    staff_id: v.nullable(idSchema('consult.v.assignee')),
  },
  'v.type.object',
);

const deskItemView = v.object({
  ...consultationItemView.entries,
  player_id: v.number(),
  account: v.string(),
  staff_unread: count,
  assignee_id: v.nullable(v.number()),
  assignee_name: v.nullable(v.string()),
});

export const deskListView = v.object({
  data: v.array(deskItemView),
  total: count,
  staff: v.array(v.object({ id: v.number(), username: v.string() })),
});
export type DeskListView = v.InferOutput<typeof deskListView>;

export const deskDetailView = v.object({
  consultation: consultationDetailView,
  assignee_id: v.nullable(v.number()),
  player: v.object({
    id: v.number(),
    account: v.string(),
    status: v.number(),
    level_id: v.number(),
    level_name: v.string(),
    /** Central wallet balance, decimal text with two decimals. */
    central: v.string(),
    created_at: isoTime,
    last_login_at: v.nullable(isoTime),
  }),
});
export type DeskDetailView = v.InferOutput<typeof deskDetailView>;
