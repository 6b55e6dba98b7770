// What the promotions engine does when other domains announce something: deposit modes and referrals after a
// credit, referrals after bets, the register bonus after a registration. Listed in app.ts; a failure here is
// logged by the event bus and never undoes what was announced (the deposit sweep retries lost deposit checks).
import type { AuthEvents } from '../auth/events.ts';
import type { BetsEvents } from '../bets/events.ts';
import type { CashierEvents } from '../cashier/events.ts';
import type { PromotionsService } from './service.ts';

export function promotionsAfterDeposit(promotions: PromotionsService) {
  return (event: CashierEvents['deposit.credited']): Promise<void> => promotions.onDepositCredited(event.playerId, event.depositId);
}

export function referralsAfterBets(promotions: PromotionsService) {
  return (event: BetsEvents['bets.ingested']): Promise<void> => promotions.onBets(event.playerIds);
}

export function registerBonus(promotions: PromotionsService) {
  return (event: AuthEvents['player.registered']): Promise<void> => promotions.onRegistered(event.playerId);
}
