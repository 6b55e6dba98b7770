// Messages, counters and popup announcements (SPEC.md sections 2, 3, 4 and 7): the request
// and response schemas shared by the routes, the back office and the islands.
import * as v from 'valibot';
import { idNumber, idText } from './ids.ts';
import { boundedDay } from './days.ts';
import { MESSAGE_STATUS, POPUP_STATUS, READ_STATUS, statusValues } from '../statuses.ts';

export const MESSAGE_KINDS = ['system', 'personal', 'platform'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
const MESSAGE_STATUS_VALUES = statusValues(MESSAGE_STATUS);
const POPUP_STATUS_VALUES = statusValues(POPUP_STATUS);
/** Page sizes of the player's lists (SPEC.md section 9: default 10). */
export const MESSAGE_PAGE_SIZE_DEFAULT = 10;
const MESSAGE_PAGE_SIZE_MAX = 50;
/** One mark-read call names at most this many messages. */
const MARK_READ_MAX_IDS = 100;
const MESSAGE_TITLE_MAX = 200;
/** Operator HTML of one message body, before cleaning. */
const MESSAGE_BODY_MAX = 20_000;
/** A pasted list of accounts names at most this many. */
export const PASTED_ACCOUNTS_MAX = 1_000;
/** One personal message reaches at most this many players; bigger audiences are a system message. */
export const RECIPIENTS_MAX = 20_000;
/** Once per cookie: a popup shown is not shown again for this many minutes (SPEC.md section 4: lifetime 60). */
export const POPUP_COOKIE_MINUTES = 60;
export const POPUPS_MAX = 50;

// ---- player side -----------------------------------------------------------------------------------

const pageText = (max: number) =>
  v.pipe(
    v.string('v.type.string'),
    v.regex(/^\d{1,6}$/, 'v.type.number'),
    v.transform(Number),
    v.minValue(1, 'v.type.number'),
    v.maxValue(max, 'v.type.number'),
  );

/** page and pageSize are optional: without them the lists answer only the totals (SPEC.md section 7). */
export const messageListQuery = v.object({
  page: v.optional(pageText(100_000)),
  pageSize: v.optional(pageText(MESSAGE_PAGE_SIZE_MAX)),
});
export type MessageListQuery = v.InferOutput<typeof messageListQuery>;

export const messageDetailQuery = v.object({ id: idText('error.not_found') });

/** Marks named messages read, or every message of a kind when `kind` is given without ids. */
export const markReadBody = v.pipe(
  v.strictObject(
    {
      ids: v.optional(
        v.pipe(v.array(idNumber('error.not_found'), 'v.type.array'), v.minLength(1, 'v.type.array'), v.maxLength(MARK_READ_MAX_IDS, 'v.too_long')),
      ),
      kind: v.optional(v.picklist(MESSAGE_KINDS, 'msg.v.kind')),
    },
    'v.type.object',
  ),
  v.check((b) => !!b.ids !== !!b.kind, 'msg.v.ids_or_kind'),
);

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Unread counters: the header badge sums userMessageCount + personalMessageCount (+ consultations). */
const messageTotalsView = v.object({
  userMessageCount: count,
  personalMessageCount: count,
  platformMessageCount: count,
});
export type MessageTotals = v.InferOutput<typeof messageTotalsView>;

const messageItemView = v.object({
  id: v.number(),
  kind: v.picklist(MESSAGE_KINDS),
  title: v.string(),
  /** Plain text of the body's beginning, for the list. */
  summary: v.string(),
  platform_code: v.nullable(v.string()),
  read: v.picklist(statusValues(READ_STATUS)),
  created_at: v.string(),
});
export type MessageItem = v.InferOutput<typeof messageItemView>;

export const messageListView = v.object({
  totals: messageTotalsView,
  /** Present when page and pageSize were given. */
  data: v.optional(v.array(messageItemView)),
  total: v.optional(count),
  page: v.optional(count),
  pageSize: v.optional(count),
});
export type MessageListView = v.InferOutput<typeof messageListView>;

export const messageDetailView = v.object({
  ...messageItemView.entries,
  /** Sanitized operator HTML. */
  body: v.string(),
});
export type MessageDetail = v.InferOutput<typeof messageDetailView>;

export const markReadView = v.object({ marked: count, totals: messageTotalsView });

// ---- popups ----------------------------------------------------------------------------------------

const color = v.pipe(v.string('v.type.string'), v.regex(/^#[0-9a-fA-F]{6}$/, 'msg.v.color'));
/**
 * Where clicking a popup's image leads: a site path (/member/deposit) or an http(s) address. Anything else
 * (javascript:, //host) is refused so a click never runs code or leaves for a host that looks like ours.
 */
const redirect = v.pipe(
  v.string('v.type.string'),
  v.trim(),
  v.maxLength(500, 'v.too_long'),
  v.regex(/^$|^\/(?!\/)[^\s]*$|^https?:\/\/[^\s]+$/i, 'msg.v.redirect'),
);

/**
 * The display settings of one popup (SPEC.md section 3). frame_setting: 1 default frame, 2 custom frame
 * (the page_1_* styling), 3 image only. page_2_frame_type: 1 the content, 2 deposit info (with a deposit
 * button), 3 registration (with a register button for visitors), 5 empty (the frame without body).
 * show_mode 1 every time, 2 once per cookie; show_type 1 only on the home path, 2 on every page;
 * close_mode 1 by the close button only, 2 also by Escape and a click on the backdrop;
 * content_type 1 image, 2 html_code; page_3_redirect_type 2 new tab, 3 current window.
 */
const popupSettingsShape = {
  show_mode: v.picklist([1, 2], 'msg.v.choice'),
  show_type: v.picklist([1, 2], 'msg.v.choice'),
  close_mode: v.picklist([1, 2], 'msg.v.choice'),
  frame_setting: v.picklist([1, 2, 3], 'msg.v.choice'),
  page_1_title_color: color,
  page_1_header_background: color,
  page_1_background: color,
  page_1_border_color: color,
  page_1_width: v.pipe(v.number('v.type.number'), v.integer('v.type.number'), v.minValue(280, 'msg.v.width'), v.maxValue(900, 'msg.v.width')),
  page_2_frame_type: v.picklist([1, 2, 3, 5], 'msg.v.choice'),
  content_type: v.picklist([1, 2], 'msg.v.choice'),
  image_alt: v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(200, 'v.too_long')),
  page_3_redirect_type: v.picklist([2, 3], 'msg.v.choice'),
  page_3_redirect: redirect,
};

export const POPUP_DEFAULTS = {
  show_mode: 2,
  show_type: 1,
  close_mode: 2,
  frame_setting: 1,
  page_1_title_color: '#ffffff',
  page_1_header_background: '#1d4ed8',
  page_1_background: '#ffffff',
  page_1_border_color: '#1d4ed8',
  page_1_width: 500,
  page_2_frame_type: 1,
  content_type: 2,
  image_alt: '',
  page_3_redirect_type: 3,
  page_3_redirect: '',
} as const;

const dateTime = v.nullable(v.pipe(v.string('v.type.string'), v.isoTimestamp('v.date.invalid')));

export const popupBody = v.strictObject(
  {
    ...popupSettingsShape,
    title: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('msg.v.title'), v.maxLength(100, 'v.too_long')),
    title_en: v.optional(v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(100, 'v.too_long')), ''),
    html_code: v.optional(v.pipe(v.string('v.type.string'), v.maxLength(MESSAGE_BODY_MAX, 'v.too_long')), ''),
    html_code_en: v.optional(v.pipe(v.string('v.type.string'), v.maxLength(MESSAGE_BODY_MAX, 'v.too_long')), ''),
    /** The id POST /api/backoffice/uploads/images answered. */
    image: v.nullable(idNumber('msg.v.image')),
    status: v.picklist(POPUP_STATUS_VALUES, 'msg.v.choice'),
    sort: v.pipe(v.number('v.type.number'), v.integer('v.type.number'), v.minValue(0), v.maxValue(9999)),
    starts_at: dateTime,
    ends_at: dateTime,
  },
  'v.type.object',
);
export type PopupInput = v.InferOutput<typeof popupBody>;

/** One popup as GET /api/system/alert/settings answers it, in the caller's language. */
const popupView = v.object({
  id: v.number(),
  /** Changes when an operator edits the popup, so an edited popup is shown again despite the cookie. */
  version: v.string(),
  title: v.string(),
  show_mode: v.picklist([1, 2]),
  show_type: v.picklist([1, 2]),
  close_mode: v.picklist([1, 2]),
  frame_setting: v.picklist([1, 2, 3]),
  page_1_title_color: v.string(),
  page_1_header_background: v.string(),
  page_1_background: v.string(),
  page_1_border_color: v.string(),
  page_1_width: v.number(),
  page_2_frame_type: v.picklist([1, 2, 3, 5]),
  content_type: v.picklist([1, 2]),
  image: v.nullable(v.string()),
  image_alt: v.string(),
  html_code: v.string(),
  page_3_redirect_type: v.picklist([2, 3]),
  page_3_redirect: v.string(),
  cookie_minutes: v.number(),
});
export type PopupView = v.InferOutput<typeof popupView>;
export const alertSettingsView = v.array(popupView);

// ---- back office -----------------------------------------------------------------------------------

const title = v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('msg.v.title'), v.maxLength(MESSAGE_TITLE_MAX, 'v.too_long'));
const titleEn = v.optional(v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(MESSAGE_TITLE_MAX, 'v.too_long')), '');
const html = v.pipe(v.string('v.type.string'), v.maxLength(MESSAGE_BODY_MAX, 'v.too_long'));
const day = boundedDay('v.date.invalid');

/** Who a personal message goes to: a pasted list of accounts (one is "one player"), levels, or a registration window. */
const segmentBody = v.variant(
  'type',
  [
    v.strictObject(
      { type: v.literal('accounts'), accounts: v.pipe(v.string('v.type.string'), v.maxLength(PASTED_ACCOUNTS_MAX * 14, 'v.too_long')) },
      'v.type.object',
    ),
    v.strictObject(
      {
        type: v.literal('level'),
        levels: v.pipe(
          v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)), 'v.type.array'),
          v.minLength(1, 'msg.v.levels'),
          v.maxLength(11, 'v.too_long'),
        ),
      },
      'v.type.object',
    ),
    v.strictObject({ type: v.literal('registered'), from: day, to: day }, 'v.type.object'),
  ],
  'msg.v.segment',
);
export type SegmentInput = v.InferOutput<typeof segmentBody>;

export const composeBody = v.strictObject(
  {
    kind: v.picklist(MESSAGE_KINDS, 'msg.v.kind'),
    title,
    title_en: titleEn,
    body: v.pipe(html, v.nonEmpty('msg.v.body')),
    body_en: v.optional(html, ''),
    marketing: v.optional(v.boolean('v.type.boolean'), false),
    platform_code: v.optional(v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(20, 'v.too_long'))),
    segment: v.optional(segmentBody),
  },
  'v.type.object',
);
export type ComposeInput = v.InferOutput<typeof composeBody>;

export const recipientPreviewBody = v.strictObject({ segment: segmentBody, marketing: v.optional(v.boolean(), false) }, 'v.type.object');
export const recipientPreviewView = v.object({
  count: count,
  /** Skipped because a time-out or self-exclusion is in force (marketing messages only). */
  skipped: count,
  /** Pasted accounts that name no player. */
  unknown: v.array(v.string()),
  too_many: v.boolean(),
});

export const htmlPreviewBody = v.strictObject({ body: v.optional(html, ''), body_en: v.optional(html, '') }, 'v.type.object');
export const htmlPreviewView = v.object({ body: v.string(), body_en: v.string() });
export type HtmlPreviewView = v.InferOutput<typeof htmlPreviewView>;

export const boMessageQuery = v.object({
  kind: v.optional(v.picklist(MESSAGE_KINDS, 'msg.v.kind')),
  page: v.optional(pageText(100_000), '1'),
  pageSize: v.optional(pageText(100), '20'),
});

const boMessageView = v.object({
  id: v.number(),
  kind: v.picklist(MESSAGE_KINDS),
  status: v.picklist(MESSAGE_STATUS_VALUES),
  title: v.string(),
  title_en: v.string(),
  body: v.string(),
  body_en: v.string(),
  marketing: v.boolean(),
  platform_code: v.nullable(v.string()),
  segment: v.unknown(),
  recipients: v.nullable(count),
  reads: count,
  staff: v.nullable(v.string()),
  created_at: v.string(),
});
export const boMessageListView = v.object({ data: v.array(boMessageView), total: count });
export type BoMessage = v.InferOutput<typeof boMessageView>;
export type BoMessageList = v.InferOutput<typeof boMessageListView>;
export const composeView = v.object({ id: v.number(), recipients: v.nullable(count), skipped: count });
export type ComposeView = v.InferOutput<typeof composeView>;
export const messageStatusBody = v.strictObject({ status: v.picklist(MESSAGE_STATUS_VALUES, 'msg.v.choice') }, 'v.type.object');

export const boPopupView = v.object({
  id: v.number(),
  status: v.picklist(POPUP_STATUS_VALUES),
  sort: v.number(),
  title: v.string(),
  title_en: v.string(),
  html_code: v.string(),
  html_code_en: v.string(),
  image: v.nullable(v.number()),
  image_url: v.nullable(v.string()),
  starts_at: v.nullable(v.string()),
  ends_at: v.nullable(v.string()),
  updated_at: v.string(),
  settings: v.object({
    show_mode: v.picklist([1, 2]),
    show_type: v.picklist([1, 2]),
    close_mode: v.picklist([1, 2]),
    frame_setting: v.picklist([1, 2, 3]),
    page_1_title_color: v.string(),
    page_1_header_background: v.string(),
    page_1_background: v.string(),
    page_1_border_color: v.string(),
    page_1_width: v.number(),
    page_2_frame_type: v.picklist([1, 2, 3, 5]),
    content_type: v.picklist([1, 2]),
    image_alt: v.string(),
    page_3_redirect_type: v.picklist([2, 3]),
    page_3_redirect: v.string(),
  }),
});
export type BoPopup = v.InferOutput<typeof boPopupView>;
export const boPopupListView = v.array(boPopupView);
