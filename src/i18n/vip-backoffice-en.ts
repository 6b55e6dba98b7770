// English back-office strings of the VIP levels and the points mall (issue 13).
export const vipBoEn = {
  'bo.nav.vip': 'VIP & points mall',
} as const;
