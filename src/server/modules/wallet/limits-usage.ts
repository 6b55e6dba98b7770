// The wallet's figure that player protection counts against loss limits: money that can still be lost.
import type { DbOrTx } from '../../db/client.ts';
import { balanceSumOf } from '../../ledger/read.ts';

/** Money already in play: on platform wallets or on its way there. */
export async function moneyInPlay(db: DbOrTx, playerId: number): Promise<bigint> {
  return balanceSumOf(db, playerId, ['platform', 'transit']);
}
