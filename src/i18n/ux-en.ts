// Issue 10's player-side words (game entry, amounts, transfer messages, records, layout), spread into en.ts.
export const uxEn = {
  'v.money.over_balance': 'Please enter a valid amount: it is more than the wallet balance',
  'ux.entry.play': 'Play now',
  'ux.entry.play_hint': 'The game opens with what is already on this platform.',
  'ux.entry.transfer_optional': 'Or bring more points first (optional)',
  'ux.entry.transfer_and_play': 'Transfer and play',
  'ux.transfer.done_in': '{amount} transferred to {name}',
  'ux.transfer.done_out': '{amount} transferred from {name} to the central wallet',
  'ux.transfer.pending': 'The transfer is being confirmed with the platform',
  'ux.transfer.recovered': '{amount} recovered to the central wallet',
  'ux.transfer.recovered_pending': '{amount} recovered to the central wallet; {count} transfer(s) are still being confirmed',
  'ux.transfer.recovered_none': 'There was nothing to recover: the game platforms hold no balance',
  'session.ended_title': 'Signed out',
  'ux.withdraw.on_platforms': '{amount} is on game platforms. Withdrawals come from the central wallet: recover it first.',
  'ux.withdraw.recover': 'Recover to central wallet',
} as const;
