// The withdrawal rules and the decision as pure functions: each rule at its boundary, the hold score and the
// automatic pay-out ceiling (whole units against minor units), and the signals' normalisation.
import { describe, expect, it } from 'vitest';
import { decide, evaluateRules, type WithdrawalFacts } from './rules.ts';
import { hashSignal, normaliseSignals, subnetOf } from './signals.ts';
import { DEFAULT_RISK_SETTINGS as S } from '../../../shared/schemas/risk/settings.ts';

const quiet: WithdrawalFacts = {
  amountMinor: 100_000n,
  depositsMinor: 0n,
  validBetMinor: 0n,
  bonusMinor: 0n,
  bonusWindowDepositsMinor: 0n,
  otherCardHolders: [],
  earlierWithdrawals: 0,
  earlierToThisCard: 0,
  earlierAverageMinor: 0n,
  failedDeposits: 0,
  cardAgeHours: undefined,
  phoneChangeHours: undefined,
};
const rules = (f: Partial<WithdrawalFacts>) => evaluateRules(S, { ...quiet, ...f }).map((h) => h.rule);

describe('withdrawal rules', () => {
  it('fire nothing on a quiet withdrawal', () => expect(rules({})).toEqual([]));
  it('little play below the ratio, not at it', () => {
    expect(rules({ depositsMinor: 100_000n, validBetMinor: 199_999n })).toEqual(['little_play']);
    expect(rules({ depositsMinor: 100_000n, validBetMinor: 200_000n })).toEqual([]);
  });
  it('bonus-heavy at half of the money in, not below', () => {
    expect(rules({ bonusMinor: 50_000n, bonusWindowDepositsMinor: 50_000n })).toEqual(['bonus_heavy']);
    expect(rules({ bonusMinor: 49_999n, bonusWindowDepositsMinor: 50_001n })).toEqual([]);
  });
  it('new card only after earlier withdrawals to other cards', () => {
    expect(rules({ earlierWithdrawals: 1, earlierToThisCard: 0, earlierAverageMinor: 100_000n })).toEqual(['new_card']);
    expect(rules({ earlierWithdrawals: 1, earlierToThisCard: 1, earlierAverageMinor: 100_000n })).toEqual([]);
  });
  it('amount spike at five times the average', () => {
    expect(rules({ amountMinor: 500_000n, earlierWithdrawals: 2, earlierToThisCard: 2, earlierAverageMinor: 100_000n })).toEqual(['amount_spike']);
    expect(rules({ amountMinor: 499_999n, earlierWithdrawals: 2, earlierToThisCard: 2, earlierAverageMinor: 100_000n })).toEqual([]);
  });
  it('failed deposits and recent changes at their limits', () => {
    expect(rules({ failedDeposits: 5 })).toEqual(['failed_deposits']);
    expect(rules({ failedDeposits: 4 })).toEqual([]);
    expect(rules({ cardAgeHours: 23 })).toEqual(['recent_change']);
    expect(rules({ cardAgeHours: 24, phoneChangeHours: 30 })).toEqual([]);
    expect(evaluateRules(S, { ...quiet, phoneChangeHours: 1 })[0]!.facts.what).toBe('phone');
  });
  it('holds at the hold score and marks automatic pay-out only within the ceiling', () => {
    const auto = { ...S, auto_approve: true, auto_approve_ceiling: 1000 };
    expect(decide(auto, 50, 1n)).toBe('hold');
    expect(decide(auto, 49, 100_000n)).toBe('auto_approve');
    expect(decide(auto, 49, 100_001n)).toBe('review');
    expect(decide(S, 0, 1n)).toBe('review');
  });
});

describe('signals', () => {
  it('normalise addresses, cards, names and devices, and drop what is malformed', () => {
    expect(
      normaliseSignals({
        ip: '::ffff:198.51.100.7',
        card: '6222-0200 1234',
        realName: ' Wang  Xiao ',
        birthday: '1990-05-06',
        device: 'ABCDEF0123456789',
        phone: '0912-345-678',
      }),
    ).toEqual({
      ip: '198.51.100.7',
      subnet: '198.51.100.0/24',
      card: '622202001234',
      identity: 'wangxiao|1990-05-06',
      device: 'abcdef0123456789',
      phone: '0912345678',
    });
    expect(normaliseSignals({ ip: 'not-an-ip', device: 'short', card: '12' })).toEqual({});
    expect(subnetOf('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
  });
  it('hash per kind under the key', () => {
    const key = Buffer.alloc(32, 1);
    expect(hashSignal(key, 'phone', '0912345678')).not.toBe(hashSignal(key, 'card', '0912345678'));
    expect(hashSignal(key, 'phone', '0912345678')).not.toBe(hashSignal(Buffer.alloc(32, 2), 'phone', '0912345678'));
    expect(hashSignal(key, 'phone', '0912345678')).toMatch(/^[0-9a-f]{64}$/);
  });
});
