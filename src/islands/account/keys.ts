// The strings the account dialogs use, in a module of their own so the page's dialog host can hand them
// over without bundling the forms, which load only when a dialog first opens.
export const ACCOUNT_FORM_KEYS = [
  'v.account.required', 'v.account.invalid', 'v.password.required', 'v.password.invalid', 'v.password_confirm.required',
  'v.password_confirm.different', 'confirm_enter_phone', 'v.phone.invalid', 'v.code.required', 'v.code.invalid', 'v.too_long',
  'v.type.string', 'account.v.ticket_required', 'account.v.old_password_required', 'account.v.password_same', 'account.v.avatar_unknown',
  'error.generic', 'account.forgot.title', 'account.forgot.step_account', 'account.forgot.step_code', 'account.forgot.step_password',
  'account.forgot.account', 'account.forgot.phone', 'account.forgot.code', 'account.forgot.code_sent', 'account.sms.still_valid', 'account.forgot.resend',
  'account.forgot.send_code', 'account.forgot.password', 'account.forgot.password_confirm', 'account.forgot.next', 'account.forgot.previous',
  'account.forgot.submit', 'account.forgot.done', 'account.identity.title', 'account.identity.text', 'account.identity.text_no_phone',
  'account.phone_login.phone', 'account.phone_login.code', 'account.phone_login.submit', 'account.phone_login.sent',
  'account.change.old', 'account.change.new', 'account.change.confirm', 'account.change.submit', 'account.change.done',
  'account.avatar.title', 'account.avatar.done', 'account.avatar.save', 'common.sending', 'common.submitting',
  'forget.contact_service', 'common.close',
] as const;

export const ACCOUNT_DIALOG_KEYS = [...ACCOUNT_FORM_KEYS, 'page.customer'] as const;
