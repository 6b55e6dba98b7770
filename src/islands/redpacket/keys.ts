// The strings the red-packet launcher hands to the rain: their own module, so the rain (loaded later)
// and the launcher (on every page) do not import each other.
export const RED_PACKET_KEYS = [
  'redpacket.rain',
  'redpacket.close',
  'redpacket.grab',
  'redpacket.grabbing',
  'redpacket.open_hint',
  'redpacket.remaining',
  'redpacket.result',
  'redpacket.ok',
  'redpacket.login_first',
  'redpacket.mini',
  'error.network',
] as const;
export type RedPacketTexts = Record<(typeof RED_PACKET_KEYS)[number], string>;
