// Risk listens to the events other domains publish after their commits: registrations and logins (address, device,
// phone), card bindings and refused bindings of another account's card (card, address), deposit requests (address), personal info (real name and birthday), credited deposits (the payer's account at the
// gateway, when it is told). Withdrawal requests are scored through the cashier (CashierService.applyRisk), which
// records the decision where it enforces it. The event bus logs a failing handler and
// goes on, so a risk failure never fails the player's action.
import type { AuthEvents } from '../auth/events.ts';
import type { CashierEvents } from '../cashier/events.ts';
import type { RiskService } from './service.ts';

export function signalsAfterRegistration(risk: RiskService) {
  return async (e: AuthEvents['player.registered']) => {
    await risk.record(e.playerId, 'register', { ip: e.ip, device: e.device, phone: e.phone });
  };
}

export function signalsAfterLogin(risk: RiskService) {
  return async (e: AuthEvents['player.signed_in']) => {
    await risk.record(e.playerId, 'login', { ip: e.ip, device: e.device });
  };
}

export function signalsAfterCard(risk: RiskService) {
  return async (e: CashierEvents['card.bound']) => {
    await risk.record(e.playerId, 'card', { card: e.cardNumber, ip: e.ip });
  };
}

/** A card another account holds, which the player tried to bind: the two accounts share it, though the binding was refused. */
export function signalsAfterRefusedCard(risk: RiskService) {
  return async (e: CashierEvents['card.bind_refused']) => {
    await risk.record(e.playerId, 'card_attempt', { card: e.cardNumber, ip: e.ip });
  };
}

/** The address (and its /24) a player asks for a deposit from. */
export function signalsAfterDepositRequest(risk: RiskService) {
  return async (e: CashierEvents['deposit.requested']) => {
    await risk.record(e.playerId, 'deposit', { ip: e.ip });
  };
}

export function signalsAfterPersonalInfo(risk: RiskService) {
  return async (e: CashierEvents['personal.saved']) => {
    await risk.record(e.playerId, 'profile', { realName: e.realName, birthday: e.birthday });
  };
}

export function signalsAfterProfileChange(risk: RiskService) {
  return async (e: AuthEvents['player.profile_changed']) => {
    await risk.record(e.playerId, 'profile', { phone: e.phone, realName: e.realName, birthday: e.birthday });
  };
}

export function signalsAfterDeposit(risk: RiskService) {
  return async (e: CashierEvents['deposit.credited']) => {
    if (e.payerAccount) await risk.record(e.playerId, 'deposit', { payer: e.payerAccount });
  };
}
