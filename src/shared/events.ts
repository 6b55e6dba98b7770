// Realtime event names of SPEC.md section 4, shared by the socket server and the browser.
export const PRIVATE_EVENTS = [
  'deposit-success',
  'deposit-fail',
  'double-login',
  'kick',
  'deposit',
  'system-money-action',
  'withdrawal',
  'bankcard-audit',
  'update-user',
  'update-message',
  'update-consultation',
  // Identity verification: a document was approved or rejected.
  'kyc',
  // A USDT transfer to the player's deposit address: seen, a confirmation more, credited, or gone (reorged).
  'usdt-deposit',
] as const;
// update-message also travels on the system room: a broadcast (system or platform message) concerns every player.
export const SYSTEM_EVENTS = ['show-redEnvelope', 'close-redEnvelope', 'change-gamePlatform', 'update-message'] as const;
export type PrivateEvent = (typeof PRIVATE_EVENTS)[number];
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];
export const SYSTEM_ROOM = 'system';
export const playerRoom = (playerId: number) => `player:${playerId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
