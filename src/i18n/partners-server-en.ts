// Words the partners server (issue 21) needs on the player-side catalogue: its journal kinds in ledger records and the
// field messages of its refusals (answered as validation_failed with these keys). Spread into en.ts.
export const partnersServerEn = {
  'ledger.kind.partner_commission': 'Partner commission',
  'ledger.kind.partner_payout_hold': 'Partner payout (held)',
  'ledger.kind.partner_payout_paid': 'Partner payout (paid)',
  'ledger.kind.partner_payout_release': 'Partner payout (released)',
  'partners.rate_above_parent': 'The rate may not exceed your own',
  'partners.too_deep': 'Partners go at most three levels deep',
  'partners.code_taken': 'This code is already in use',
  'partners.links_max': 'You have reached the most tracking links allowed (50)',
  'partners.below_min_payout': 'The amount is below the smallest payout',
  'partners.no_bank_card': 'Please add a bank card first',
  'partners.payout_not_applying': 'This payout has already been reviewed',
  'partners.payout_pending': 'The card cannot change while a payout is waiting',
  'partners.totp_enabled': 'The authenticator is already on',
  'partners.application_reviewed': 'This application has already been reviewed',
  'partners.statement_final': 'An approved statement cannot change',
  'partners.adjust_below_zero': 'The commission cannot go below zero',
  'partners.statement_not_pending': 'Only a pending statement can be held',
  'partners.period_open': 'The period has not ended yet',
  'partners.host_taken': 'This domain already belongs to a partner',
} as const;
