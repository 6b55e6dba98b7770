// The one way the server masks a card number or a phone before it leaves: every answer that shows one to someone who
// may not read it whole (a player about their own account, a partner, a back-office role without
// 'personal.unmasked') goes through these, so the same number looks the same on every screen.

/** A bank card or account number: every character but the last four starred, as the identity-verification page shows it. */
export function maskCardNumber(n: string): string {
  return n.length > 4 ? `${'*'.repeat(n.length - 4)}${n.slice(-4)}` : n;
}

/** A phone: the first four and the last three digits, the rest starred; a short or empty one shows no digit at all. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 4)}***${phone.slice(-3)}` : '***';
}

/** A card number whole for a reader who may see it, masked otherwise. */
export function shownCardNumber(n: string, whole: boolean): string {
  return whole ? n : maskCardNumber(n);
}

/** A phone whole for a reader who may see it, masked otherwise. */
export function shownPhone(phone: string, whole: boolean): string {
  return whole ? phone : maskPhone(phone);
}
