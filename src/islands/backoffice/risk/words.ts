// The risk desk's words shared by its islands: a signal's name, a rule's name and its reason with the figures of the
// hit filled in (amounts formatted as money), a decision's name. Pure functions over the catalogue strings.
import { fill } from '../../../shared/text.ts';
import { formatDecimal } from '../../../shared/money.ts';
import { LINK_STATUSES, RISK_DECISIONS, RISK_RULES, SIGNAL_KINDS } from '../../../shared/schemas/risk/settings.ts';

export const RISK_WORD_KEYS = [
  ...SIGNAL_KINDS.map((k) => `bo.risk.signal.${k}` as const),
  ...RISK_RULES.map((r) => `bo.risk.rule.${r}` as const),
  ...RISK_RULES.filter((r) => r !== 'recent_change').map((r) => `bo.risk.why.${r}` as const),
  'bo.risk.why.recent_change.card',
  'bo.risk.why.recent_change.phone',
  ...RISK_DECISIONS.map((d) => `bo.risk.decision.${d}` as const),
  ...LINK_STATUSES.map((s) => `bo.risk.link.${s}` as const),
] as const;

type Words = Record<string, string>;
const MONEY_FACTS = new Set(['deposits', 'valid_bet', 'bonus', 'amount', 'average']);

export const signalName = (t: Words, kind: string) => t[`bo.risk.signal.${kind}`] ?? kind;
export const ruleName = (t: Words, rule: string) => t[`bo.risk.rule.${rule}`] ?? rule;
export const decisionName = (t: Words, d: string) => t[`bo.risk.decision.${d}`] ?? d;
export const linkStatusName = (t: Words, s: string) => t[`bo.risk.link.${s}`] ?? s;

/** The reason an operator reads for one rule hit, its amounts formatted. */
export function reasonText(t: Words, hit: { rule: string; facts: Record<string, string> }): string {
  const vars = Object.fromEntries(Object.entries(hit.facts).map(([k, v]) => [k, MONEY_FACTS.has(k) ? formatDecimal(v) : v]));
  const key = hit.rule === 'recent_change' ? `bo.risk.why.recent_change.${hit.facts.what === 'phone' ? 'phone' : 'card'}` : `bo.risk.why.${hit.rule}`;
  return fill(t[key] ?? hit.rule, vars);
}
