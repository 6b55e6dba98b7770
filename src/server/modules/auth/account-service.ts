// The account flows beside the login of service.ts: password recovery in three steps with a
// single-use ticket, the phone-code login, the signed-in password change and the avatar.
//
// SMS codes come from node:crypto (tokens.ts), are six digits, belong to one purpose and one phone, live
// CODE_TTL_MS and allow CODE_MAX_ATTEMPTS tries in all; a code for one purpose is never looked up for another.
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS, SMS_IP_HOURLY, SMS_PHONE_DAILY, SMS_PHONE_GAP_MS } from './limits.ts';
import { randomInt } from 'node:crypto';
import { verify as argonVerify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/limiter.ts';
import type { SmsSender } from '../../integrations/sms/index.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { SystemService } from '../system/service.ts';
import { translate } from '../../../i18n/index.ts';
import type { ChangePasswordInput, SendCodeOutcome } from '../../../shared/schemas/account.ts';
import { AuthService, SESSION_TTL_MS, openSession, type Auth, type RequestContext } from './service.ts';
import * as repo from './repository.ts';
import * as accounts from './account-repository.ts';
import { hashCode, hashToken, newSmsCode, newToken } from './tokens.ts';
import { FORCE_PASSWORD_STATUS, PLAYER_STATUS } from '../../../shared/statuses.ts';

/** What a code is for; a code is only ever checked against its own purpose. */
export type CodePurpose = 'recover' | 'phone_login';

/** A recovery ticket is good for this long after step 1. */
const RECOVERY_TICKET_TTL_MS = 10 * 60 * 1000;
/** Bounds how many account and phone pairs one address may probe (ifPlayerExist and step 0). */
const PROBE_IP_HOURLY = 60;
/** Wrong current passwords on the signed-in change, per player: a stolen session cannot guess the password. */
const CHANGE_FAILURES = 5;
const CHANGE_WINDOW_MS = 15 * 60 * 1000;

/** The player calls a forced password change leaves open, by route path: the change itself, who am I, and sign-out. */
export const OPEN_DURING_FORCED_CHANGE = new Set(['/api/auth/me', '/api/auth/logout', '/api/auth/password']);

export interface LoginResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export class AccountService {
  private readonly db: Db;
  private readonly system: SystemService;
  private readonly limiter: Limiter;
  private readonly sms: SmsSender;
  private readonly publish: Publisher;

  constructor(deps: { db: Db; system: SystemService; limiter: Limiter; sms: SmsSender; publish: Publisher }) {
    this.db = deps.db;
    this.system = deps.system;
    this.limiter = deps.limiter;
    this.sms = deps.sms;
    this.publish = deps.publish;
  }

  /** The lockout counter of service.ts login; a verified identity (recovery, phone code, operator) clears it. */
  static loginFailKey(playerId: number): string {
    return `login:fail:p${playerId}`;
  }

  private async requireRecovery(): Promise<void> {
    if (!(await this.system.setting('enable_mobile_verification_retrieve_password'))) {
      throw new ApiError('recovery_disabled', { modal: ['forget.contact_service'] });
    }
  }

  /** Step 0: the account exists and the phone is its phone (SPEC.md section 8 names both refusals). */
  private async recoveringPlayer(account: string, phone: string, ip: string) {
    const probe = await this.limiter.hit(`recover:probe:${ip}`, PROBE_IP_HOURLY, 60 * 60 * 1000);
    if (!probe.allowed) throw new ApiError('rate_limited');
    const player = await accounts.playerByAccount(this.db, account);
    if (!player) throw new ApiError('confirm_user_not_found', { account: ['error.user_not_found'] });
    if (player.phone !== phone) throw new ApiError('confirm_phone_error', { phone: ['error.phone_wrong'] });
    return player;
  }

  async ifPlayerExist(input: { account: string; phone: string }, ctx: RequestContext): Promise<void> {
    await this.requireRecovery();
    await this.recoveringPlayer(input.account, input.phone, ctx.ip);
  }

  /**
   * With an account: the recovery code, after the step-0 checks. With the phone alone: the phone-login
   * code, answered the same way whether or not the phone belongs to a player, and sent only if it does.
   */
  async sendVerification(input: { account?: string; phone: string }, ctx: RequestContext): Promise<SendCodeOutcome> {
    const account = input.account?.trim() ?? '';
    if (account) {
      await this.requireRecovery();
      await this.recoveringPlayer(account, input.phone, ctx.ip);
      return this.sendCode(input.phone, 'recover', ctx);
    }
    if (!(await this.system.setting('allow_player_login'))) throw new ApiError('login_disabled');
    const player = await accounts.playerByPhone(this.db, input.phone);
    await this.countPhoneLoginAsk(input.phone, ctx);
    if (!player || player.status !== PLAYER_STATUS.active) return { code_still_valid: false };
    return this.sendCode(input.phone, 'phone_login', ctx, { addressCounted: true });
  }

  /**
   * The limits of a phone-alone request, taken whether or not a message goes out so that a known phone and an
   * unknown one get the same answers. They are counters of their own: the phone's own gap and daily count move
   * only when a message is really sent, so asking for a login code to a phone nobody owns never holds back the
   * registration code of whoever is about to sign up with it.
   */
  private async countPhoneLoginAsk(phone: string, ctx: RequestContext): Promise<void> {
    const hourly = await this.limiter.hit(`sms:ip:${ctx.ip}`, SMS_IP_HOURLY, 60 * 60 * 1000);
    if (!hourly.allowed) throw new ApiError('rate_limited');
    const gap = await this.limiter.hit(`sms:login-ask-gap:${phone}`, 1, SMS_PHONE_GAP_MS);
    if (!gap.allowed) throw new ApiError('sms_too_soon');
    const daily = await this.limiter.hit(`sms:login-ask-day:${phone}`, SMS_PHONE_DAILY, 24 * 60 * 60 * 1000);
    if (!daily.allowed) throw new ApiError('rate_limited');
  }

  /**
   * Sends a code of the purpose, one message to a phone a minute. Inside that minute a live earlier code of the
   * same purpose is the answer (the player goes on with it); only a different purpose's recent message refuses.
   */
  private async sendCode(phone: string, purpose: CodePurpose, ctx: RequestContext, opts: { addressCounted?: boolean } = {}): Promise<SendCodeOutcome> {
    if (!opts.addressCounted) {
      const hourly = await this.limiter.hit(`sms:ip:${ctx.ip}`, SMS_IP_HOURLY, 60 * 60 * 1000);
      if (!hourly.allowed) throw new ApiError('rate_limited');
    }
    if ((await this.limiter.peek(`sms:day:${phone}`)) >= SMS_PHONE_DAILY) throw new ApiError('rate_limited');
    // The gap is taken before sending, so two requests at once cannot both send; a failed send gives it back.
    const gap = await this.limiter.hit(`sms:gap:${phone}`, 1, SMS_PHONE_GAP_MS);
    if (!gap.allowed) {
      if (await repo.hasLiveCode(this.db, phone, purpose, CODE_MAX_ATTEMPTS)) return { code_still_valid: true };
      throw new ApiError('sms_too_soon');
    }
    const code = newSmsCode();
    await repo.insertCode(this.db, {
      phone,
      purpose,
      codeHash: hashCode(phone, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    const body = translate(ctx.locale, purpose === 'recover' ? 'account.sms.recover' : 'account.sms.phone_login', { code });
    const { delivered } = await this.sms.send({ phone, purpose, body, secret: code });
    if (!delivered) {
      await this.limiter.reset(`sms:gap:${phone}`);
      throw new ApiError('upstream_failed');
    }
    await this.limiter.hit(`sms:day:${phone}`, SMS_PHONE_DAILY, 24 * 60 * 60 * 1000);
    return { code_still_valid: false };
  }

  /** Takes one try of the phone's code for the purpose; true once when it matches, which uses it up. */
  private async checkCode(phone: string, purpose: CodePurpose, code: string): Promise<boolean> {
    const found = await accounts.takeCodeAttempt(this.db, phone, purpose, CODE_MAX_ATTEMPTS);
    if (!found || !found.codeHash.equals(hashCode(phone, code))) return false;
    return repo.consumeCode(this.db, found.id);
  }

  /** Step 1: the code; the answer carries the ticket step 2 must show. */
  async verifyRecoveryCode(input: { account: string; phone: string; code: string }, ctx: RequestContext): Promise<{ ticket: string }> {
    await this.requireRecovery();
    const player = await this.recoveringPlayer(input.account, input.phone, ctx.ip);
    if (!(await this.checkCode(input.phone, 'recover', input.code))) {
      throw new ApiError('confirm_verification_code_error', { code: ['error.code_wrong'] });
    }
    const { token, hash } = newToken();
    await accounts.insertTicket(this.db, { playerId: player.id, tokenHash: hash, expiresAt: new Date(Date.now() + RECOVERY_TICKET_TTL_MS) });
    return { ticket: token };
  }

  /** Step 2: the new password, once per ticket; every session of the player ends. */
  async updatePasswordByForget(input: { account: string; phone: string; password: string; ticket: string }, ctx: RequestContext): Promise<void> {
    await this.requireRecovery();
    const player = await this.recoveringPlayer(input.account, input.phone, ctx.ip);
    const passwordHash = await AuthService.hashPassword(input.password);
    const revoked = await this.db.transaction(async (tx) => {
      if (!(await accounts.consumeTicket(tx, hashToken(input.ticket), player.id))) {
        throw new ApiError('recovery_ticket_invalid', { modal: ['error.recovery_ticket_invalid'] });
      }
      await accounts.setPassword(tx, player.id, { passwordHash, statusForcePassword: FORCE_PASSWORD_STATUS.none, passwordExpiresAt: null });
      return repo.revokeOtherSessions(tx, player.id, 0, 'password-reset');
    });
    await this.limiter.reset(AccountService.loginFailKey(player.id));
    this.endSessions(revoked, ctx);
  }

  /** Signs in with the phone as the account and a phone-login code as the password (SPEC.md section 4). */
  async phoneLogin(input: { phone: string; code: string }, ctx: RequestContext): Promise<LoginResult> {
    if (!(await this.system.setting('allow_player_login'))) throw new ApiError('login_disabled');
    const ipHit = await this.limiter.hit(`login:ip:${ctx.ip}`, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS);
    if (!ipHit.allowed) throw new ApiError('rate_limited');
    const player = await accounts.playerByPhone(this.db, input.phone);
    // An unknown phone never got a code, so it fails here exactly like a wrong code.
    const ok = await this.checkCode(input.phone, 'phone_login', input.code);
    if (!player || !ok) {
      if (player) await this.recordLogin(player.id, 'phone_code', false, 'confirm_verification_code_error', ctx);
      throw new ApiError('confirm_verification_code_error', { code: ['error.code_wrong'] });
    }
    if (player.status !== PLAYER_STATUS.active) {
      await this.recordLogin(player.id, 'phone_code', false, 'account_disabled', ctx);
      throw new ApiError('account_disabled', { modal: ['error.account_disabled'] });
    }
    await this.limiter.reset(AccountService.loginFailKey(player.id));
    const { token, revoked } = await openSession(this.db, player.id, ctx);
    await this.recordLogin(player.id, 'phone_code', true, '', ctx);
    this.endSessions(revoked, ctx);
    return { access_token: token, token_type: 'Bearer', expires_in: Math.floor(SESSION_TTL_MS / 1000) };
  }

  /** The signed-in change: the current password, then the new one; the other sessions end. */
  async changePassword(auth: Auth, input: ChangePasswordInput, ctx: RequestContext): Promise<void> {
    const player = await repo.playerById(this.db, auth.playerId);
    if (!player) throw new ApiError('unauthorized');
    const failKey = `pwchange:fail:p${player.id}`;
    if ((await this.limiter.peek(failKey)) >= CHANGE_FAILURES) throw new ApiError('rate_limited');
    if (!(await argonVerify(player.passwordHash, input.old_password))) {
      await this.limiter.hit(failKey, CHANGE_FAILURES, CHANGE_WINDOW_MS);
      throw new ApiError('password_wrong', { old_password: ['error.password_wrong'] });
    }
    await this.limiter.reset(failKey);
    const passwordHash = await AuthService.hashPassword(input.password);
    const revoked = await this.db.transaction(async (tx) => {
      await accounts.setPassword(tx, player.id, { passwordHash, statusForcePassword: FORCE_PASSWORD_STATUS.none, passwordExpiresAt: null });
      return repo.revokeOtherSessions(tx, player.id, auth.sessionId, 'password-change');
    });
    this.endSessions(revoked, ctx);
  }

  async setAvatar(auth: Auth, avatar: string): Promise<void> {
    await accounts.setAvatar(this.db, auth.playerId, avatar);
  }

  /**
   * Writes the login history row of a password sign-in, outside the login itself so that a history write
   * never decides a login. Unknown accounts have no history to write to.
   */
  async recordPasswordLogin(login: string, success: boolean, reason: string, ctx: RequestContext): Promise<void> {
    const player = await repo.findPlayerForLogin(this.db, login);
    if (player) await this.recordLogin(player.id, 'password', success, reason, ctx);
  }

  private async recordLogin(playerId: number, method: 'password' | 'phone_code', success: boolean, reason: string, ctx: RequestContext) {
    await accounts.insertLoginEvent(this.db, {
      playerId,
      method,
      success,
      reason: reason.slice(0, 40),
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 300),
    });
  }

  /** Tells the ended sessions' pages, after the commit, in the double-login style SPEC.md section 4 describes. */
  private endSessions(ids: number[], ctx: RequestContext): void {
    if (!ids.length) return;
    this.publish.toSessions(ids, 'double-login', { message: translate(ctx.locale, 'session.other_device') });
    this.publish.disconnectSessions(ids);
  }
}

/** A temporary password an operator hands out: 10 letters and digits (both kinds), from the CSPRNG. */
export function newTemporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const digits = '23456789';
  const all = letters + digits;
  for (;;) {
    let out = '';
    for (let i = 0; i < 10; i++) out += all[randomInt(0, all.length)];
    if (/[a-z]/.test(out) && /\d/.test(out)) return out;
  }
}
