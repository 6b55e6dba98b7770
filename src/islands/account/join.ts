// 'Joined today' instead of 'Joined 1 days ago': join_day counts the registration day as
// day 1, so the days elapsed are one less, with singular and plural forms.
export const JOIN_KEYS = [
  'account.joined_today',
  'account.joined_one',
  'account.joined_n',
  'account.member_today',
  'account.member_one',
  'account.member_n',
] as const;

export function joinText(t: Record<(typeof JOIN_KEYS)[number], string>, joinDay: number, style: 'joined' | 'member'): string {
  const days = Math.max(0, joinDay - 1);
  if (days === 0) return t[`account.${style}_today`];
  if (days === 1) return t[`account.${style}_one`];
  return t[`account.${style}_n`].replace('{n}', String(days));
}
