// Valid bet by game type: what counts toward turnover requirements and activity-wallet bet targets.
// Open bets count nothing until they settle; void bets never count; a bet returned in full (a push)
// risked nothing and counts nothing.

export interface BetForValidity {
  gameType: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: 'open' | 'settled' | 'void';
  detail: Record<string, unknown>;
}

/** Sports and esports bets at shorter odds than this are near-certain and do not count. */
const MIN_COUNTED_ODDS = 1.5;

export function validBetMinor(bet: BetForValidity): bigint {
  if (bet.status !== 'settled') return 0n;
  if (bet.payoutMinor === bet.stakeMinor) return 0n;
  switch (bet.gameType) {
    case 'sports':
    case 'esports': {
      const odds = Number(bet.detail.odds);
      return Number.isFinite(odds) && odds >= MIN_COUNTED_ODDS ? bet.stakeMinor : 0n;
    }
    case 'slots':
    case 'fish':
    case 'casino':
    case 'lottery':
    case 'cards':
      return bet.stakeMinor;
    default:
      // An unknown type counts nothing rather than something wrong; operators see it in the records.
      return 0n;
  }
}

/** The bet's effect on the player's wallet at the provider: the stake leaves when placed, the payout returns at settlement. */
export function netEffectMinor(bet: Pick<BetForValidity, 'stakeMinor' | 'payoutMinor' | 'status'>): bigint {
  if (bet.status === 'void') return 0n;
  if (bet.status === 'open') return -bet.stakeMinor;
  return bet.payoutMinor - bet.stakeMinor;
}
