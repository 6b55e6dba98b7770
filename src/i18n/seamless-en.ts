// Words of the seamless wallet: its journal kinds in the player's records and the back office, and the
// lobby's note on seamless platforms. Spread into en.ts.
export const seamlessEn = {
  'ledger.kind.seamless_debit': 'Bet (seamless game)',
  'ledger.kind.seamless_credit': 'Win (seamless game)',
  'bo.seamless.v.id': 'Letters, digits and _.:- only',
  'bo.seamless.v.player': 'Enter a player id',
  'bo.seamless.v.model': 'Choose seamless or transfer',
  'bo.seamless.v.limit': 'Enter whole minutes from 1 to 10080',
  'bo.seamless.v.resolution': 'Choose credit or close',
  'bo.seamless.v.note': 'Please say why',
  'bo.seamless.v.nothing_owed': 'The provider reports no win beyond what was paid: close the round instead',
  'bo.seamless.v.already_resolved': 'This finding is already resolved',
  'bo.seamless.v.status': 'Choose open or resolved',
  'seamless.tile.badge': 'Central wallet',
  'seamless.tile.note': 'Plays straight from the central wallet; activity wallets are used on transfer platforms only.',
} as const;
