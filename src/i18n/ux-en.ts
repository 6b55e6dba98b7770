// Issue 10's player-side words (game entry, amounts, transfer messages, records, layout), spread into en.ts.
export const uxEn = {
  'v.money.over_balance': 'Please enter a valid amount: it is more than the wallet balance',
} as const;
