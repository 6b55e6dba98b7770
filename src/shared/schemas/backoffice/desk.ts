// The operator's desk: adjustments that wait for a second staff member (four eyes), the player list's filters and
// bulk actions, and the tags and notes staff keep on players. Messages are i18n keys ('bo.desk.*' in
// src/i18n/backoffice-desk-*.ts).
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { idNumber, idText } from '../ids.ts';
import { pageQuery } from '../paging.ts';
import { boundedDay } from '../days.ts';
import { decimalToMinor } from '../../money.ts';

const str = () => v.string('v.type.string');
const trimmed = (max: number) => v.pipe(str(), v.maxLength(max, 'v.too_long'), v.trim());

// ---- four eyes ----------------------------------------------------------------------------------

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
/** A rejection's reason fits the audit log's line, like the request's. */
const DECISION_REASON_MAX = 200;

/** What the queue lists: one status, or 'decided' (approved and rejected together, the latest decision first). */
export const ADJUSTMENT_LIST_FILTERS = [...ADJUSTMENT_STATUSES, 'decided'] as const;
export type AdjustmentListFilter = (typeof ADJUSTMENT_LIST_FILTERS)[number];

export const adjustmentsQuery = v.object({
  ...pageQuery,
  status: v.optional(v.picklist(ADJUSTMENT_LIST_FILTERS, 'bo.desk.v.status'), 'pending'),
});

/** The approval threshold the adjustment form warns against before it asks (whole amount, two decimals). */
export const adjustmentThresholdView = v.object({ approval_threshold: v.string() });

export const adjustmentDecisionBody = v.strictObject(
  {
    action: v.picklist(['approve', 'reject'], 'bo.desk.v.action'),
    reason: v.optional(trimmed(DECISION_REASON_MAX), ''),
  },
  'v.type.object',
);

export const pendingAdjustmentView = v.object({
  id: v.number(),
  player_id: v.number(),
  account: v.string(),
  amount: v.string(),
  reason: v.string(),
  status: v.picklist(ADJUSTMENT_STATUSES),
  requested_by: v.number(),
  requested_by_name: v.string(),
  decided_by: v.nullable(v.number()),
  decided_by_name: v.nullable(v.string()),
  decision_reason: v.string(),
  journal_id: v.nullable(v.number()),
  created_at: v.string(),
  decided_at: v.nullable(v.string()),
});
export const pendingAdjustmentsView = staffPageOf(pendingAdjustmentView);
export type PendingAdjustmentView = v.InferOutput<typeof pendingAdjustmentView>;

// ---- the player list's filters --------------------------------------------------------------------

/** How many players one bulk action may touch: a screen of choices, never "everyone" by accident. */
export const BULK_SELECTION_MAX = 500;
/** How many tags an operator may define; beyond that labels stop meaning anything. */
export const TAGS_MAX = 200;
const TAG_NAME_MAX = 30;
const NOTE_MAX = 1000;
const BULK_REASON_MAX = 200;
/** Whole currency units in a balance filter, like the settings' amounts; kept far below bigint limits. */
const BALANCE_FILTER_MAX_MINOR = 100_000_000_000n;

const dayText = (message: string) => boundedDay(message);
const amountText = () =>
  v.pipe(
    str(),
    v.trim(),
    v.regex(/^\d{1,13}(\.\d{1,2})?$/, 'bo.v.money.format'),
    v.transform((text) => decimalToMinor(text)!),
    v.check((m) => m <= BALANCE_FILTER_MAX_MINOR, 'bo.v.money.too_large'),
  );
const idListText = (message: string) =>
  v.pipe(
    str(),
    v.regex(/^\d{1,12}(,\d{1,12}){0,19}$/, message),
    v.transform((s) => [...new Set(s.split(',').map(Number))]),
  );

export const playerFilterQuery = v.object({
  ...pageQuery,
  q: v.optional(v.pipe(trimmed(32))),
  status: v.optional(v.picklist(['0', '1'], 'bo.desk.v.status'), undefined),
  level: v.optional(v.pipe(str(), v.regex(/^\d{1,3}$/, 'bo.desk.v.level'), v.transform(Number))),
  registered_from: v.optional(dayText('bo.desk.v.date')),
  registered_to: v.optional(dayText('bo.desk.v.date')),
  signed_in_from: v.optional(dayText('bo.desk.v.date')),
  signed_in_to: v.optional(dayText('bo.desk.v.date')),
  balance_min: v.optional(amountText()),
  balance_max: v.optional(amountText()),
  /** Tag ids; a player matches when it carries every one. */
  tags: v.optional(idListText('bo.desk.v.tags')),
  /** The start of the address a player registered from: a whole address, or its first part ("203.0.113."). */
  register_ip: v.optional(v.pipe(trimmed(45), v.regex(/^[0-9a-fA-F.:]*$/, 'bo.desk.v.address'))),
  /** Players with at least this many paid deposits. */
  deposits_min: v.optional(v.pipe(str(), v.regex(/^\d{1,5}$/, 'bo.desk.v.count'), v.transform(Number))),
  /** Players a partner brought (the partner's id). */
  partner: v.optional(v.pipe(str(), v.regex(/^\d{1,12}$/, 'bo.desk.v.partner'), v.transform(Number))),
  /** The members of a linked group (risk's group number). */
  risk_group: v.optional(v.pipe(str(), v.regex(/^\d{1,12}$/, 'bo.desk.v.risk_group'), v.transform(Number))),
});
export type PlayerFilter = v.InferOutput<typeof playerFilterQuery>;

export const tagView = v.object({ id: v.number(), name: v.string(), players: v.number() });
export const tagsView = v.array(tagView);
export const tagBody = v.strictObject(
  {
    name: v.pipe(trimmed(TAG_NAME_MAX), v.nonEmpty('bo.desk.v.tag_name')),
  },
  'v.type.object',
);

export const noteView = v.object({ id: v.number(), body: v.string(), staff_id: v.number(), staff_name: v.string(), created_at: v.string() });
export const notesView = v.object({ data: v.array(noteView), total: v.number() });
export const noteBody = v.strictObject({ body: v.pipe(trimmed(NOTE_MAX), v.nonEmpty('bo.desk.v.note')) }, 'v.type.object');
export const playerTagsView = v.array(v.object({ id: v.number(), name: v.string() }));
export const playerIdParams = v.object({ id: idText('error.not_found') });

const selection = v.pipe(
  v.array(idNumber('bo.desk.v.selection'), 'bo.desk.v.selection'),
  v.minLength(1, 'bo.desk.v.selection_empty'),
  v.maxLength(BULK_SELECTION_MAX, 'bo.desk.v.selection_too_many'),
);
const reason = () => v.pipe(trimmed(BULK_REASON_MAX), v.nonEmpty('bo.v.reason_required'));

export const bulkMessageBody = v.strictObject(
  {
    ids: selection,
    title: v.pipe(trimmed(100), v.nonEmpty('bo.desk.v.title')),
    body: v.pipe(trimmed(5000), v.nonEmpty('bo.desk.v.body')),
  },
  'v.type.object',
);
export const bulkLevelBody = v.strictObject(
  {
    ids: selection,
    level_id: idNumber('bo.desk.v.level', 0),
    locked: v.boolean('v.type.boolean'),
    reason: reason(),
  },
  'v.type.object',
);
export const bulkTagBody = v.strictObject(
  {
    ids: selection,
    tag_id: idNumber('bo.desk.v.tags'),
    action: v.picklist(['add', 'remove'], 'bo.desk.v.action'),
  },
  'v.type.object',
);
export const bulkDisableBody = v.strictObject({ ids: selection, reason: reason() }, 'v.type.object');

/** What a bulk action did: players changed, those already so, and those it could not touch (with why). */
export const bulkResultView = v.object({
  changed: v.number(),
  unchanged: v.number(),
  failed: v.array(v.object({ id: v.number(), message: v.string() })),
});
export type BulkResult = v.InferOutput<typeof bulkResultView>;

export const filteredPlayerRowView = v.object({
  id: v.number(),
  account: v.string(),
  phone: v.string(),
  level_id: v.number(),
  status: v.number(),
  online: v.boolean(),
  register_ip: v.string(),
  created_at: v.nullable(v.string()),
  last_login_at: v.nullable(v.string()),
  balance: v.string(),
  tags: v.array(v.object({ id: v.number(), name: v.string() })),
});
export const filteredPlayerListView = staffPageOf(filteredPlayerRowView);
export type FilteredPlayerRowView = v.InferOutput<typeof filteredPlayerRowView>;
