// The ledger's journal kinds, as the server imports them. The list itself is in src/shared/journal-kinds.ts
// because the back office and the player's records label every kind, and the client may not import the server.
export { JOURNAL_KINDS, MONEY_JOURNAL_KINDS, POINTS_JOURNAL_KINDS, isJournalKind } from '../../shared/journal-kinds.ts';
export type { JournalKind, MoneyJournalKind } from '../../shared/journal-kinds.ts';
