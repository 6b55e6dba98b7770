// Constants of the red-packet rain the browser needs, apart from the valibot schemas so the launcher that sits
// on every page does not pull the schema library in (src/shared/schemas/redpacket.ts re-exports them).

/** Drop speeds of the rain (SPEC.md section 9). */
export const RED_PACKET_DROP_SPEEDS = 13;
/** The cookie that hides the rain after the player closed it (SPEC.md section 9). */
export const CLOSE_RED_ENVELOPE_COOKIE = 'closeRedEnvelope';
