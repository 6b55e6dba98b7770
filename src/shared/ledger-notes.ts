// Ledger movements as people read them, in the player's records and the back office: each journal kind has a
// name, and the notes the system itself writes (transfer outcomes, withdrawal cancels, gateway reasons) have
// translations. Notes an operator typed (an adjustment's reason, a grant's name) are shown as they were written.
import { MONEY_JOURNAL_KINDS, type MoneyJournalKind } from './journal-kinds.ts';
import { USDT_NOTE_RE } from './usdt.ts';

/** Journal kinds a player's money records can show (every money kind), each with its catalogue key. */
export const LEDGER_KINDS = MONEY_JOURNAL_KINDS;
export type LedgerKind = MoneyJournalKind;

export function ledgerKindKey(kind: string): `ledger.kind.${LedgerKind}` | 'ledger.kind.other' {
  return (LEDGER_KINDS as readonly string[]).includes(kind) ? `ledger.kind.${kind as LedgerKind}` : 'ledger.kind.other';
}

/** The gateway's failure reasons we know by name; others are shown with their code. */
const GATEWAY_REASONS = ['PAYMENT_FAILED', 'CARD_DECLINED', 'INSUFFICIENT_BALANCE', 'BANK_REVERSED'] as const;

/** Every catalogue key a note can need, for islands that pick their strings. */
export const LEDGER_NOTE_KEYS = [
  'ledger.note.applied',
  'ledger.note.applied_reconciled',
  'ledger.note.never_reached',
  'ledger.note.sending',
  'ledger.note.rejected',
  'ledger.note.rejected_reconciled',
  'ledger.note.player_cancels',
  'ledger.note.gateway_refused',
  'ledger.note.expired_unpaid',
  'ledger.note.method.bank_transfer',
  'ledger.note.method.card',
  'ledger.note.method.cvs',
  'ledger.note.method.online_banking',
  'ledger.note.method.usdt',
  'ledger.note.method.atm',
  'ledger.note.method.barcode',
  'ledger.note.gateway.PAYMENT_FAILED',
  'ledger.note.gateway.CARD_DECLINED',
  'ledger.note.gateway.INSUFFICIENT_BALANCE',
  'ledger.note.gateway.BANK_REVERSED',
  'ledger.note.gateway.other',
  'ledger.note.usdt_chain',
  'ledger.note.usdt_reorged',
] as const;

/** A note in the reader's words: a system note through the catalogue `t`, an operator's note as written. */
export function noteText(kind: string, memo: string, t: Record<string, string>): string {
  const found = systemNote(kind, memo);
  if (!found) return memo;
  const raw = t[found.key] ?? memo;
  return raw.replace(/\{(\w+)\}/g, (_, k: string) => found.vars?.[k] ?? `{${k}}`);
}

/** The catalogue key and values of a note the system wrote, or undefined for an operator's own words. */
function systemNote(kind: string, memo: string): { key: string; vars?: Record<string, string> } | undefined {
  const text = memo.trim();
  if (kind === 'adjustment' || kind === 'bonus_grant') return undefined;
  const reconciled = / \(reconciled\)$/.test(text);
  const bare = text.replace(/ \(reconciled\)$/, '');
  const suffix = reconciled ? '_reconciled' : '';
  if (bare === 'applied at provider') return { key: `ledger.note.applied${suffix}` };
  if (bare === 'never reached the provider') return { key: 'ledger.note.never_reached' };
  if (bare === 'sending to provider') return { key: 'ledger.note.sending' };
  const rejected = /^rejected by provider: ([A-Z0-9_]{1,40})$/.exec(bare);
  if (rejected) return { key: `ledger.note.rejected${suffix}`, vars: { code: rejected[1] } };
  if (bare === 'player cancels') return { key: 'ledger.note.player_cancels' };
  if (bare === 'gateway refused the order') return { key: 'ledger.note.gateway_refused' };
  if (bare === 'expired unpaid' || bare === 'expired') return { key: 'ledger.note.expired_unpaid' };
  if (bare === 'failed') return { key: 'ledger.note.gateway.PAYMENT_FAILED' };
  const usdt = kind === 'deposit' ? USDT_NOTE_RE.exec(bare) : null;
  if (usdt) return { key: 'ledger.note.usdt_chain', vars: { usdt: usdt[1], rate: usdt[2] } };
  if (bare === 'reorged') return { key: 'ledger.note.usdt_reorged' };
  if (kind === 'deposit' && /^(bank_transfer|card|cvs|online_banking|usdt|atm|barcode)$/.test(bare)) return { key: `ledger.note.method.${bare}` };
  if (/^PAYMENT_[A-Z_]{1,40}$|^[A-Z][A-Z_]{2,40}$/.test(bare)) {
    return (GATEWAY_REASONS as readonly string[]).includes(bare)
      ? { key: `ledger.note.gateway.${bare}` }
      : { key: 'ledger.note.gateway.other', vars: { code: bare } };
  }
  return undefined;
}
