// English messages the wallet and cashier calls answer with (the envelope's message), in the request's language.
export const moneyAnswersEn = {
  'wallet.answer.applied': 'Transfer completed',
  'wallet.answer.pending': 'Transfer is being confirmed',
  'wallet.answer.refunded': 'Transfer was refused by the platform and refunded',
  'wallet.answer.auto_applied': 'Automatic transfer successful!',
  'wallet.answer.unlocked': 'Unlocked',
  'wallet.answer.given_up': 'Given up',
  'cashier.answer.card_submitted': 'Submitted for verification',
  'cashier.answer.info_saved': 'Successfully modified',
  'cashier.answer.withdraw_submitted': 'Withdrawal submitted',
  'cashier.answer.withdraw_cancelled': 'Withdrawal cancelled',
} as const;
