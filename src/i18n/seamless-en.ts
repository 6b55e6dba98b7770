// Words of the seamless wallet (issue 22): its journal kinds in the player's records and the back office, and the
// lobby's note on seamless platforms. Spread into en.ts.
export const seamlessEn = {
  'ledger.kind.seamless_debit': 'Bet (seamless game)',
  'ledger.kind.seamless_credit': 'Win (seamless game)',
  'bo.kind.seamless_debit': 'Seamless bet',
  'bo.kind.seamless_credit': 'Seamless win',
  'seamless.tile.note': 'Plays straight from the central wallet; activity wallets are used on transfer platforms only.',
} as const;
