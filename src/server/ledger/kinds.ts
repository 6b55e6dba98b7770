// The ledger's journal kinds, as the server imports them. The list itself is in src/shared/journal-kinds.ts
// because the back office and the player's records label every kind, and the client may not import the server.
import { POINTS_JOURNAL_KINDS, type JournalKind } from '../../shared/journal-kinds.ts';
import type { Asset } from './accounts.ts';

export { JOURNAL_KINDS, MONEY_JOURNAL_KINDS, POINTS_JOURNAL_KINDS, isJournalKind } from '../../shared/journal-kinds.ts';
export type { JournalKind } from '../../shared/journal-kinds.ts';

/** What a journal of this kind moves: every kind is in exactly one of the two lists. */
export function assetOfKind(kind: JournalKind): Asset {
  return (POINTS_JOURNAL_KINDS as readonly string[]).includes(kind) ? 'points' : 'money';
}
