import { describe, expect, it } from 'vitest';
import { netEffectMinor, validBetMinor } from './valid-bet.ts';

const bet = (over: Partial<Parameters<typeof validBetMinor>[0]>) => ({
  gameType: 'slots',
  stakeMinor: 1000n,
  payoutMinor: 0n,
  status: 'settled' as const,
  detail: {},
  ...over,
});

describe('valid bet', () => {
  it('counts the stake of settled slots, fish, casino, lottery and cards bets', () => {
    for (const gameType of ['slots', 'fish', 'casino', 'lottery', 'cards']) {
      expect(validBetMinor(bet({ gameType }))).toBe(1000n);
      expect(validBetMinor(bet({ gameType, payoutMinor: 5000n }))).toBe(1000n);
    }
  });
  it('counts nothing for open, void and pushed bets', () => {
    expect(validBetMinor(bet({ status: 'open' }))).toBe(0n);
    expect(validBetMinor(bet({ status: 'void' }))).toBe(0n);
    expect(validBetMinor(bet({ payoutMinor: 1000n }))).toBe(0n);
  });
  it('counts sports and esports only at odds of 1.5 or longer', () => {
    expect(validBetMinor(bet({ gameType: 'sports', detail: { odds: 1.49 } }))).toBe(0n);
    expect(validBetMinor(bet({ gameType: 'sports', detail: { odds: 1.5 } }))).toBe(1000n);
    expect(validBetMinor(bet({ gameType: 'esports', detail: { odds: '2.10' } }))).toBe(1000n);
    expect(validBetMinor(bet({ gameType: 'esports', detail: {} }))).toBe(0n);
  });
  it('counts nothing for an unknown game type', () => {
    expect(validBetMinor(bet({ gameType: 'bingo' }))).toBe(0n);
  });
  it('gives the effect on the provider wallet for each state', () => {
    expect(netEffectMinor({ stakeMinor: 1000n, payoutMinor: 0n, status: 'open' })).toBe(-1000n);
    expect(netEffectMinor({ stakeMinor: 1000n, payoutMinor: 2500n, status: 'settled' })).toBe(1500n);
    expect(netEffectMinor({ stakeMinor: 1000n, payoutMinor: 0n, status: 'void' })).toBe(0n);
  });
});
