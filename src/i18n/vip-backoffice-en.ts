// English back-office strings of the VIP levels and the points mall (issue 13).
export const vipBoEn = {
  'bo.nav.vip': 'VIP & points mall',
  'bo.vip.image_too_large': 'The image is larger than 512 KB',
  'bo.vip.image_type': 'Upload a PNG, JPEG, WebP or GIF image',
  'bo.vip.gift.window': 'The display window ends before it starts',
  'bo.vip.order.bad_status': 'The order is not in a status that allows this',
  'bo.vip.order.tracking_required': 'Enter the tracking number',
  'bo.vip.order.reason_required': 'Enter the reason',
} as const;
