// The audit log in words: an entry becomes a sentence (who did what to which player or record), its changed fields
// become "field: before → after" lines with amounts, times, statuses and game groups named, and its context (a
// reason, a title) becomes short notes. Pure functions over the catalogue strings the island receives.
import { AUDIT_ACTIONS, AUDIT_ACTION_GROUPS, type AuditEntryView } from '../../../shared/schemas/backoffice/audit.ts';
import { SETTING_KEYS } from '../../../shared/schemas/backoffice/system.ts';
import type { Locale } from '../../../shared/constants.ts';
import { formatDecimal } from '../../../shared/money.ts';
import { fill } from '../../../shared/text.ts';
import { taipeiDateTime } from '../../../shared/time.ts';
import { ACTIVITY_RULE_KEYS, DURATION_KEYS, GROUP_KEYS, durationName, groupName } from '../kit/codes.ts';
import { auditBoEn } from '../../../i18n/backoffice-audit-en.ts';

/** Every catalogue key the log's words use: the audit catalogue, setting names, game groups and durations. */
export const AUDIT_WORD_KEYS = [
  ...(Object.keys(auditBoEn) as Array<keyof typeof auditBoEn>),
  ...SETTING_KEYS.map((k) => `bo.setting.${k}` as const),
  ...GROUP_KEYS,
  ...DURATION_KEYS,
  ...ACTIVITY_RULE_KEYS,
] as const;

type Words = Record<string, string>;
/** A long text (a message body, HTML) is cut to this many characters in a change line. */
const TEXT_SHOWN_MAX = 80;
const MONEY = /^-?\d{1,15}\.\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const GROUP_FIELDS = new Set(['group', 'game_groups', 'type']);

const isKnownAction = (a: string): a is (typeof AUDIT_ACTIONS)[number] => (AUDIT_ACTIONS as readonly string[]).includes(a);
const groupOf = (action: string) => action.split('.')[0] ?? '';
const record = (x: unknown): Record<string, unknown> | null =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? Object.fromEntries(Object.entries(x)) : null;

/** The action group's name ("Players"), for the filter and for an action this build does not know. */
export function actionGroupName(t: Words, group: string): string {
  return t[`bo.audit.g.${group}`] ?? t['bo.audit.g.other'] ?? group;
}

/** The filter's name of one action: its sentence without a staff member or target. */
export function actionName(t: Words, action: string): string {
  const sentence = isKnownAction(action) ? t[`bo.audit.a.${action}`] : undefined;
  if (!sentence) return actionGroupName(t, groupOf(action));
  return fill(sentence, { staff: '', target: '…' }).replace(/\s+/g, ' ').trim();
}

/**
 * What the action was done to: the player's account, or the record's kind with its name in the catalogue (an event
 * kind's or a job's, `bo.audit.n.<kind>.<id>`), its title, name or number.
 */
export function targetText(t: Words, e: AuditEntryView): string {
  const detail = record(e.detail) ?? {};
  const [kind = '', ...rest] = e.target.split(':');
  const id = rest.join(':');
  if (kind === 'player') return fill(t['bo.audit.t.player'] ?? '{name}', { name: e.account ?? `#${id}` });
  const named = [t[`bo.audit.n.${kind}.${id}`], detail.title, detail.name, detail.username].find((x): x is string => typeof x === 'string' && x !== '');
  const label = named ? `「${named}」` : id ? `#${id}` : '';
  const who = e.account ? `（${e.account}）` : '';
  const template = t[`bo.audit.t.${kind}`] ?? t['bo.audit.t.other'] ?? '{name}';
  return fill(template, { name: `${label}${who}` }).trim();
}

/** The entry as one sentence: "auditadmin disabled player pl123". */
export function auditSentence(t: Words, e: AuditEntryView): string {
  const staff = e.username || t['bo.audit.automatic'] || '';
  const target = targetText(t, e);
  const sentence = isKnownAction(e.action) ? t[`bo.audit.a.${e.action}`] : undefined;
  if (!sentence) return fill(t['bo.audit.unknown_action'] ?? '{staff}', { staff, group: actionGroupName(t, groupOf(e.action)) });
  return fill(sentence, { staff, target });
}

function fieldName(t: Words, action: string, field: string): string {
  if (action === 'settings.update' && t[`bo.setting.${field}`]) return t[`bo.setting.${field}`]!;
  return t[`bo.audit.f.${field}`] ?? t['bo.audit.f.other'] ?? field;
}

/** One value in words: amounts with separators, instants in Taipei time, statuses and game groups named. */
export function valueText(t: Words, locale: Locale, action: string, field: string, value: unknown): string {
  const sep = locale === 'en' ? ', ' : '、';
  if (value === null || value === undefined || value === '') return t['bo.audit.none'] ?? '—';
  if (typeof value === 'boolean') return value ? (t['bo.audit.yes'] ?? 'yes') : (t['bo.audit.no'] ?? 'no');
  const named = t[`bo.audit.v.${groupOf(action)}.${field}.${String(value)}`];
  if (named) return named;
  if (Array.isArray(value))
    return value.length ? value.map((v) => valueText(t, locale, action, GROUP_FIELDS.has(field) ? 'group' : field, v)).join(sep) : (t['bo.audit.none'] ?? '—');
  if (GROUP_FIELDS.has(field) && typeof value === 'string') return groupName(t, value);
  if (field === 'duration' && typeof value === 'string') return durationName(t, value);
  // A choice setting's value is named like the settings form names it.
  if (field === 'protection_activity_wallet_rule' && t[`bo.code.activity_rule.${String(value)}`]) return t[`bo.code.activity_rule.${String(value)}`]!;
  const obj = record(value);
  if (obj) {
    return Object.entries(obj)
      .map(([k, v]) => `${field === 'points_rates' ? groupName(t, k) : fieldName(t, action, k)} ${valueText(t, locale, action, k, v)}`)
      .join(sep);
  }
  if (typeof value === 'number') return value.toLocaleString('en-US');
  const text = String(value);
  if (MONEY.test(text)) return formatDecimal(text);
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return `${taipeiDateTime(new Date(text), 'minute')}`;
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > TEXT_SHOWN_MAX ? `${plain.slice(0, TEXT_SHOWN_MAX)}…` : plain;
}

/** The changed fields, each "field: before → after" (or only the new or the removed value). */
export function auditChanges(t: Words, locale: Locale, e: AuditEntryView): string[] {
  const before = record(e.before);
  const after = record(e.after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const name = fieldName(t, e.action, field);
    const was = valueText(t, locale, e.action, field, before?.[field]);
    const now = valueText(t, locale, e.action, field, after?.[field]);
    if (!before || !(field in before)) return fill(t['bo.audit.created'] ?? '{field}: {after}', { field: name, after: now });
    if (!after || !(field in after)) return fill(t['bo.audit.removed'] ?? '{field}: {before}', { field: name, before: was });
    return fill(t['bo.audit.change'] ?? '{field}: {before} → {after}', { field: name, before: was, after: now });
  });
}

/** Context worth reading beside the change: the reason and any amount, each named. Ids and keys stay out. */
export function auditContext(t: Words, locale: Locale, e: AuditEntryView): string[] {
  const detail = record(e.detail) ?? {};
  return ['reason', 'amount', 'points']
    .filter((k) => detail[k] !== undefined && detail[k] !== '' && detail[k] !== null)
    .map((k) => `${fieldName(t, e.action, k)}${locale === 'en' ? ': ' : '：'}${valueText(t, locale, e.action, k, detail[k])}`);
}

/** The action filter's choices: each group ("every player action"), then its actions. */
export function actionChoices(t: Words): Array<{ value: string; label: string; group: boolean }> {
  return AUDIT_ACTION_GROUPS.flatMap((g) => [
    { value: `${g}.`, label: fill(t['bo.audit.filter.group'] ?? '{group}', { group: actionGroupName(t, g) }), group: true },
    ...AUDIT_ACTIONS.filter((a) => groupOf(a) === g).map((a) => ({ value: a, label: actionName(t, a), group: false })),
  ]);
}
