// What VIP does when other domains announce something: points and levels follow bets and deposits at once.
// Listed in app.ts; a failure here is logged by the event bus and never undoes the ingestion or the credit.
import type { BetsEvents } from '../bets/events.ts';
import type { CashierEvents } from '../cashier/events.ts';
import type { VipService } from './service.ts';

/** bets.ingested: the batch's points, then the players' levels. */
export function pointsAndLevelsAfterBets(vip: VipService) {
  return async (event: BetsEvents['bets.ingested']): Promise<void> => {
    await vip.afterBets(event.playerIds);
  };
}

/** deposit.credited: a deposit can lift the player's level. */
export function levelAfterDeposit(vip: VipService) {
  return async (event: CashierEvents['deposit.credited']): Promise<void> => {
    await vip.evaluate([event.playerId]);
  };
}
