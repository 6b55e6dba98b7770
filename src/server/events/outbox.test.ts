import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, orderKeyOf, OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_CAP_MS, retryDelayMs } from './outbox.ts';

describe('outbox payloads', () => {
  it('keep bigints and dates through the JSON column, nested too', () => {
    const payload = { amountMinor: -12345678901234567890n, endsAt: new Date('2026-03-04T05:06:07.089Z'), nested: { list: [1n, null, 'x'] }, none: null };
    const stored = encodePayload(payload);
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
    expect(decodePayload(stored)).toEqual(payload);
  });

  it('are ordered per player when they name one, and not otherwise', () => {
    expect(orderKeyOf({ playerId: 42 })).toBe('player:42');
    expect(orderKeyOf({ playerIds: [1, 2] })).toBeNull();
  });
});

describe('retry back-off', () => {
  it('doubles from the base and stops at the cap', () => {
    expect(retryDelayMs(1)).toBe(OUTBOX_RETRY_BASE_MS);
    expect(retryDelayMs(2)).toBe(2 * OUTBOX_RETRY_BASE_MS);
    expect(retryDelayMs(5)).toBe(16 * OUTBOX_RETRY_BASE_MS);
    expect(retryDelayMs(30)).toBe(OUTBOX_RETRY_CAP_MS);
  });
});
