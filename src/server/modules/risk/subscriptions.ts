// Risk listens to the events other domains publish after their commits: registrations and logins (address, device,
// phone), card bindings (card, address), deposit requests (address), personal info (real name and birthday), credited deposits (the payer's account at the
// gateway, when it is told). Withdrawal requests are scored through the cashier (CashierService.applyRisk), which
// records the decision where it enforces it. A failing handler is retried by the outbox and never fails the player's
// action; each passes the event's id on, so a second delivery of one event changes no signal.
import type { AuthEvents } from '../auth/events.ts';
import type { CashierEvents } from '../cashier/events.ts';
import type { RiskService } from './service.ts';
import type { EventMeta } from '../../lib/events.ts';

export function signalsAfterRegistration(risk: RiskService) {
  return async (e: AuthEvents['player.registered'], meta?: EventMeta) => {
    await risk.record(e.playerId, 'register', { ip: e.ip, device: e.device, phone: e.phone }, meta?.eventId);
  };
}

export function signalsAfterLogin(risk: RiskService) {
  return async (e: AuthEvents['player.signed_in'], meta?: EventMeta) => {
    await risk.record(e.playerId, 'login', { ip: e.ip, device: e.device }, meta?.eventId);
  };
}

export function signalsAfterCard(risk: RiskService) {
  return async (e: CashierEvents['card.bound'], meta?: EventMeta) => {
    await risk.record(e.playerId, 'card', { card: e.cardNumber, ip: e.ip }, meta?.eventId);
  };
}

/** The address (and its /24) a player asks for a deposit from. */
export function signalsAfterDepositRequest(risk: RiskService) {
  return async (e: CashierEvents['deposit.requested'], meta?: EventMeta) => {
    await risk.record(e.playerId, 'deposit', { ip: e.ip }, meta?.eventId);
  };
}

export function signalsAfterPersonalInfo(risk: RiskService) {
  return async (e: CashierEvents['personal.saved'], meta?: EventMeta) => {
    await risk.record(e.playerId, 'profile', { realName: e.realName, birthday: e.birthday }, meta?.eventId);
  };
}

export function signalsAfterProfileChange(risk: RiskService) {
  return async (e: AuthEvents['player.profile_changed'], meta?: EventMeta) => {
    await risk.record(e.playerId, 'profile', { phone: e.phone, realName: e.realName, birthday: e.birthday }, meta?.eventId);
  };
}

export function signalsAfterDeposit(risk: RiskService) {
  return async (e: CashierEvents['deposit.credited'], meta?: EventMeta) => {
    if (e.payerAccount) await risk.record(e.playerId, 'deposit', { payer: e.payerAccount }, meta?.eventId);
  };
}
