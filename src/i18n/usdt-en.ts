// Words of USDT on TRON on the player's side: the deposit address panel, the transfers seen and their outcomes. Spread
// into en.ts; usdt-zh-TW.ts holds the same keys.
export const usdtEn = {
  'cashier.usdt.automatic': 'USDT is credited automatically: send it to your deposit address',
  'cashier.ui.usdt_title': 'Your USDT deposit address',
  'cashier.ui.usdt_only_trc20': 'Send only USDT on the TRON network (TRC-20) to this address. Other tokens and networks cannot be credited.',
  'cashier.ui.usdt_min': 'Minimum {usdt} USDT (about {amount} TWD)',
  'cashier.ui.usdt_rate': 'Rate: 1 USDT = {rate} TWD',
  'cashier.ui.usdt_rule': 'Your transfer is credited at the rate of the moment it is first seen, once it has {n} confirmations (about a minute).',
  'cashier.ui.usdt_qr_alt': 'QR code of your deposit address',
  'cashier.ui.usdt_transfers': 'Your USDT transfers',
  'cashier.ui.usdt_none': 'No transfer yet. Yours appears here as soon as it reaches the chain.',
  'cashier.ui.usdt_confirmations': '{n} / {total} confirmations',
  'cashier.ui.usdt_credit': '{amount} TWD at {rate}',
  'cashier.ui.usdt_tx': 'Transaction',
  'cashier.usdt.outcome.confirming': 'Confirming',
  'cashier.usdt.outcome.credited': 'Credited',
  'cashier.usdt.outcome.below_minimum': 'Below the minimum, not credited',
  'cashier.usdt.outcome.unknown_contract': 'Not USDT, not credited',
  'cashier.usdt.outcome.reorged': 'Left the chain, not credited',
} as const;
