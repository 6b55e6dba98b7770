// English words of the operator's desk: the dashboard's pending work, four-eyes adjustments, the player list's
// filters and bulk actions, tags and notes. deskErrorsEn is spread into en.ts (API error codes), deskBoEn into
// backoffice-en.ts.
export const deskErrorsEn = {
  'error.adjustment_own': 'You cannot approve or reject an adjustment you asked for yourself; another staff member must decide it',
  'error.adjustment_decided': 'This adjustment has already been decided',
};

export const deskBoEn = {
  'bo.setting.adjustment_approval_threshold_amount': 'Adjustments needing a second approval above (amount)',
  'bo.setting.help.adjustment_approval_threshold_amount': 'Whole amount, either way; a larger manual adjustment waits until another staff member approves it. 0: every adjustment needs approval.',
  'bo.desk.adj.sent': 'Sent for approval: {amount} for {account}. Nothing moves until another staff member approves it.',
  'bo.desk.dash.adjustments': 'Adjustments awaiting approval',
  'bo.desk.dash.applications': 'Promotion applications',
  'bo.desk.dash.red_packets': 'Red-packet claims to review',
  'bo.desk.dash.consultations': 'Open consultations',
  'bo.desk.dash.chats': 'Chats waiting for an agent',
  'bo.desk.dash.gift_orders': 'Gift orders to ship',
};
