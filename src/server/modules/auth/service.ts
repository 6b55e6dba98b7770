// Registration, login, sessions and registration SMS codes: the rules of SPEC.md sections 4, 5 and 9.
import { isUniqueViolation } from '../../db/errors.ts';
import { verify as argonVerify } from '@node-rs/argon2';
import { hashPassword } from '../../lib/credentials.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { Limiter } from '../../lib/limiter.ts';
import type { SmsSender } from '../../integrations/sms/index.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { SystemService } from '../system/service.ts';
import { registerSchema, type LoginInput } from '../../../shared/schemas/auth.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import * as repo from './repository.ts';
import { takeCodeAttempt } from './account-repository.ts';
import type { UserView } from '../../../shared/user.ts';
import { FORCE_PASSWORD } from '../../../shared/schemas/account.ts';
import { hashCode, hashTokenBase64, maskPhone, newRecommendCode, newSmsCode, newToken } from './tokens.ts';
import type { EventPublisher, PublishedEvent } from '../../lib/events.ts';
import type { AuthEvents, PartnerAttributionPort, RegistrationAttribution } from './events.ts';
import type { SessionCache } from './session-cache.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  LOGIN_ACCOUNT_FAILURES,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_IP_LIMIT,
  LOGIN_IP_WINDOW_MS,
  SMS_IP_HOURLY,
  SMS_PHONE_DAILY,
  SMS_PHONE_GAP_MS,
} from './limits.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** However often it is used, a session ends this long after its login and the player signs in again. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so reading /auth/me is not a write each time. */
const SESSION_TOUCH_MS = 60_000;
const REGISTER_IP_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RequestContext {
  ip: string;
  userAgent: string;
  locale: Locale;
  /** The browser's fingerprint (a hex digest of stable properties the register and login forms send), if any. */
  device?: string;
  /** The request's host name and the partners' tracking cookie, for a registration's attribution. */
  host?: string;
  refCookie?: string;
}

export interface Auth {
  sessionId: number;
  playerId: number;
  /** status_force_password is 2: every player call but the change, me and logout is refused. */
  forcePassword?: boolean;
}

/**
 * Opens a session for a player who proved who they are (password or phone code) and records the sign-in time. One
 * live session per player: the newest login wins, and the caller tells the revoked sessions' devices so.
 */
export async function openSession(
  db: Db,
  playerId: number,
  ctx: RequestContext,
  alsoInTransaction?: (tx: DbOrTx) => Promise<unknown>,
): Promise<{ token: string; revoked: number[] }> {
  const { token, hash } = newToken();
  const revoked = await db.transaction(async (tx) => {
    // What the caller announces about the sign-in commits with the session or not at all.
    await alsoInTransaction?.(tx);
    const sessionId = await repo.insertSession(tx, {
      playerId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 300),
    });
    await repo.setLastLogin(tx, playerId);
    return repo.revokeOtherSessions(tx, playerId, sessionId, 'double-login');
  });
  return { token, revoked };
}

export class AuthService {
  private readonly db: Db;
  private readonly system: SystemService;
  private readonly limiter: Limiter;
  private readonly sms: SmsSender;
  private readonly publish: Publisher;
  /** Live sessions this instance has looked up, dropped by the database's invalidation messages. */
  private readonly sessionCache: SessionCache | undefined;
  /** Verified against when the account does not exist, so timing does not tell which accounts exist. */
  private dummyHash: Promise<string> | undefined;
  /** Where player.registered goes once a registration has committed (the promotions' register bonus). */
  private readonly events: EventPublisher<AuthEvents> | undefined;
  /** Refuses a phone that may not open an account (player protection: a phone under a self-exclusion). */
  private readonly screenPhone: (phone: string) => Promise<void>;
  /** The partners domain's port: is a recommended code a partner's (asked before the player referral codes), and the binding in registration's transaction. */
  private readonly partners: PartnerAttributionPort | undefined;

  constructor(deps: {
    db: Db;
    system: SystemService;
    limiter: Limiter;
    sms: SmsSender;
    publish: Publisher;
    sessionCache?: SessionCache;
    events?: EventPublisher<AuthEvents>;
    screenPhone?: (phone: string) => Promise<void>;
    partners?: PartnerAttributionPort;
  }) {
    this.db = deps.db;
    this.partners = deps.partners;
    this.events = deps.events;
    this.screenPhone = deps.screenPhone ?? (async () => undefined);
    this.sessionCache = deps.sessionCache;
    this.system = deps.system;
    this.limiter = deps.limiter;
    this.sms = deps.sms;
    this.publish = deps.publish;
  }

  /** A player's id and account name, for another domain's page about that player; undefined when there is none. */
  async playerAccount(playerId: number): Promise<{ id: number; account: string } | undefined> {
    const p = await repo.playerById(this.db, playerId);
    return p ? { id: p.id, account: p.account } : undefined;
  }

  static hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  async register(body: unknown, ctx: RequestContext): Promise<{ account: string }> {
    const s = await this.system.settings();
    if (!s.allow_player_register) throw new ApiError('register_disabled');
    const input = parseOrThrow(registerSchema({ needSms: !!s.register_need_mobile_sms, needAge: !!s.register_need_check_age }), body);
    await this.screenPhone(input.phone);
    const { referrerId, partnerCode, codeId } = await this.checkRegistration(input, !!s.register_need_mobile_sms);

    const max = Number(s.player_account_max) || 0;
    if (max > 0 && (await repo.countRegisteredFromIp(this.db, ctx.ip, REGISTER_IP_WINDOW_MS)) >= max) {
      throw new ApiError('rate_limited', { modal: ['v.register.ip_limit'] });
    }

    const passwordHash = await AuthService.hashPassword(input.password);
    const attribution = { partnerCode, refCookie: ctx.refCookie ?? '', host: ctx.host ?? '', ip: ctx.ip, device: ctx.device ?? '', registeredAt: new Date() };
    const registered = await this.insertRegistered({ account: input.account, phone: input.phone, passwordHash, referrerId, codeId, ip: ctx.ip }, attribution, {
      ip: ctx.ip,
      device: ctx.device,
      phone: input.phone,
    });
    // After commit: the register bonus and the signals run now; one failing never undoes the registration.
    await this.events?.deliver(registered);
    return { account: input.account };
  }

  /**
   * Registration's checks against what is stored: account and phone free, the recommended code a partner's or a
   * player's, the SMS code the latest one sent (taking one of its tries). Fails with every field that is wrong.
   */
  private async checkRegistration(
    input: { account: string; phone: string; code?: string; recommended_code?: string },
    needSms: boolean,
  ): Promise<{ referrerId: number | undefined; partnerCode: string; codeId: number | undefined }> {
    const fields: Record<string, string[]> = {};
    const taken = await repo.accountOrPhoneTaken(this.db, input.account, input.phone);
    if (taken.account) fields.account = ['v.account.taken'];
    if (taken.phone) fields.phone = ['v.phone.taken'];
    let referrerId: number | undefined;
    let partnerCode = '';
    // A partner's code binds the player to that partner instead of naming a referring player.
    if (input.recommended_code && (await this.partners?.isPartnerCode(input.recommended_code))) partnerCode = input.recommended_code;
    else if (input.recommended_code) {
      referrerId = await repo.findReferrer(this.db, input.recommended_code);
      if (referrerId === undefined) fields.recommend_code = ['v.recommend_code.unknown'];
    }
    let codeId: number | undefined;
    if (needSms && !fields.phone) {
      const found = await repo.latestCode(this.db, input.phone, 'register');
      if (!found) fields.code = ['v.code.not_requested'];
      else {
        // One conditional update takes the try, so parallel requests cannot go past the limit.
        const attempt = await takeCodeAttempt(this.db, input.phone, 'register', CODE_MAX_ATTEMPTS);
        if (!attempt || !attempt.codeHash.equals(hashCode(input.phone, input.code ?? ''))) fields.code = ['v.code.wrong'];
        else codeId = attempt.id;
      }
    }
    if (Object.keys(fields).length) throw new ApiError('validation_failed', fields);
    return { referrerId, partnerCode, codeId };
  }

  /** The new player, their central account and their partner binding in one transaction; answers the player's id. */
  private async insertRegistered(
    p: { account: string; phone: string; passwordHash: string; referrerId: number | undefined; codeId: number | undefined; ip: string },
    attribution: RegistrationAttribution,
    seen: { ip: string; device?: string; phone: string },
  ): Promise<PublishedEvent | undefined> {
    let published: PublishedEvent | undefined;
    try {
      await this.db.transaction(async (tx) => {
        if (p.codeId !== undefined && !(await repo.consumeCode(tx, p.codeId))) {
          throw new ApiError('validation_failed', { code: ['v.code.wrong'] });
        }
        const player = await repo.insertPlayer(tx, {
          account: p.account,
          passwordHash: p.passwordHash,
          phone: p.phone,
          recommendCode: newRecommendCode(),
          referrerId: p.referrerId ?? null,
          registerIp: p.ip,
        });
        await repo.openCentralAccount(tx, player.id);
        // The partner binding commits with the player or not at all (an event after commit could be lost in a crash).
        await this.partners?.bindInTransaction(tx, player.id, attribution);
        published = await this.events?.publish(tx, 'player.registered', { playerId: player.id, ...seen, attribution });
      });
    } catch (err) {
      // Two registrations racing for the same account or phone: the unique index decides.
      if (isUniqueViolation(err, 'players_account_lower_uq')) throw new ApiError('validation_failed', { account: ['v.account.taken'] });
      if (isUniqueViolation(err, 'players_phone_uq')) throw new ApiError('validation_failed', { phone: ['v.phone.taken'] });
      throw err;
    }
    return published;
  }

  async login(input: LoginInput, ctx: RequestContext): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
    if (!(await this.system.setting('allow_player_login'))) throw new ApiError('login_disabled');
    const ipHit = await this.limiter.hit(`login:ip:${ctx.ip}`, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS);
    if (!ipHit.allowed) throw new ApiError('rate_limited');

    const player = await repo.findPlayerForLogin(this.db, input.account);
    // Failures count per player, so typing the phone instead of the account gives no extra tries.
    const failKey = player ? `login:fail:p${player.id}` : `login:fail:${input.account.toLowerCase()}`;
    const locked = () =>
      new ApiError('login_locked', { modal: ['error.login_locked'] }, player?.phone ? { forget: 1, phone: maskPhone(player.phone) } : { forget: 1 });
    // Count first, verify after: parallel guesses each take a number before any is checked, so no more than
    // the limit are ever verified, and a right password sent after the limit in the same burst is refused too.
    const attempt = await this.limiter.hit(failKey, LOGIN_ACCOUNT_FAILURES, LOGIN_ACCOUNT_WINDOW_MS);
    if (!attempt.allowed) throw locked();
    // A disabled account answers the same whatever the password, so it cannot be used to test passwords.
    if (player && player.status !== PLAYER_STATUS.active) throw new ApiError('account_disabled', { modal: ['error.account_disabled'] });
    const ok = player
      ? await argonVerify(player.passwordHash, input.password)
      : (await argonVerify(await (this.dummyHash ??= AuthService.hashPassword('dummy0pass')), input.password), false);
    if (!player || !ok) {
      if (attempt.count >= LOGIN_ACCOUNT_FAILURES) throw locked();
      throw new ApiError('login_failed', { modal: ['error.login_failed'] });
    }
    if (player.passwordExpiresAt && player.passwordExpiresAt.getTime() <= Date.now()) {
      throw new ApiError('password_expired', { modal: ['error.password_expired'] });
    }
    await this.limiter.reset(failKey);

    let signedIn: PublishedEvent | undefined;
    const { token, revoked } = await openSession(this.db, player.id, ctx, async (tx) => {
      signedIn = await this.events?.publish(tx, 'player.signed_in', { playerId: player.id, ip: ctx.ip, device: ctx.device });
    });
    for (const id of revoked) this.sessionCache?.invalidate(`s:${id}`);
    if (revoked.length) {
      this.publish.toSessions(revoked, 'double-login', { message: translate(ctx.locale, 'session.other_device') });
      this.publish.disconnectSessions(revoked);
    }
    await this.events?.deliver(signedIn);
    return { access_token: token, token_type: 'Bearer', expires_in: Math.floor(SESSION_TTL_MS / 1000) };
  }

  /**
   * Resolves a bearer token to its live session, sliding the expiry forward now and then. Sessions come from
   * this instance's cache when it holds them (see session-cache.ts for why that is safe), else from one query.
   */
  /**
   * authenticate's answer when this instance's cache holds the session and no touch of its expiry is due: at once,
   * without a promise (GET /api/auth/me and every other signed-in call, nearly always). Undefined means "ask
   * authenticate", never "refused". The cache is the same one authenticate reads, so a revocation drops the session
   * for both alike.
   */
  authenticateNow(token: string, key = hashTokenBase64(token)): Auth | undefined {
    const found = this.sessionCache?.get(key);
    if (!found || Date.now() - found.lastSeenAtMs > SESSION_TOUCH_MS) return undefined;
    return { sessionId: found.sessionId, playerId: found.playerId, forcePassword: found.forcePassword };
  }

  /** `key` is the token's hash as the cache keys it (hashTokenBase64), when the caller has it already. */
  async authenticate(token: string, key = hashTokenBase64(token)): Promise<Auth | undefined> {
    const now = Date.now();
    const cache = this.sessionCache;
    let found = cache?.get(key, now);
    if (!found) {
      const mark = cache?.mark() ?? 0;
      const row = await repo.liveSessionByHash(this.db, Buffer.from(key, 'base64'), SESSION_ABSOLUTE_MS);
      if (!row) return undefined;
      found = {
        sessionId: row.sessionId,
        playerId: row.playerId,
        lastSeenAtMs: row.lastSeenAt.getTime(),
        expiresAtMs: row.expiresAt.getTime(),
        hardExpiresAtMs: row.createdAt.getTime() + SESSION_ABSOLUTE_MS,
        forcePassword: row.statusForcePassword === FORCE_PASSWORD,
      };
      cache?.put(key, found, mark, now);
    }
    if (now - found.lastSeenAtMs > SESSION_TOUCH_MS) {
      const mark = cache?.mark() ?? 0;
      const expiresAt = await repo.touchSession(this.db, found.sessionId, SESSION_TTL_MS, SESSION_ABSOLUTE_MS);
      if (!expiresAt) {
        cache?.drop(key);
        return undefined;
      }
      cache?.put(key, { ...found, lastSeenAtMs: now, expiresAtMs: expiresAt.getTime() }, mark, now);
    }
    return { sessionId: found.sessionId, playerId: found.playerId, forcePassword: found.forcePassword };
  }

  /**
   * A player's GET /auth/me answer from this instance's cache, in the same tick, or undefined when it must be loaded
   * (loadView). The cache drops it whenever the player is told of a change or their row changes, on every instance
   * (session-cache.ts).
   */
  cachedViewNow<T>(playerId: number, locale: Locale): T | undefined {
    return this.sessionCache?.getView<T>(playerId, locale);
  }

  /** A player's GET /auth/me answer loaded now (not taken from the cache) and remembered for the next request. */
  async loadView<T>(playerId: number, locale: Locale, load: () => Promise<T>): Promise<T> {
    const cache = this.sessionCache;
    const mark = cache?.mark() ?? 0;
    const value = await load();
    cache?.putView(playerId, locale, value, mark);
    return value;
  }

  async logout(auth: Auth): Promise<void> {
    await repo.revokeSessions(this.db, [auth.sessionId], 'logout');
    // The database tells every instance; this one forgets at once, before the answer goes out.
    this.sessionCache?.invalidate(`s:${auth.sessionId}`);
    this.publish.disconnectSessions([auth.sessionId]);
  }

  async me(auth: Auth, locale: Locale): Promise<UserView> {
    const found = await repo.playerWithLevel(this.db, auth.playerId);
    if (!found) throw new ApiError('unauthorized');
    const { player, level } = found;
    const balance = await repo.centralBalanceMinor(this.db, player.id);
    const dayMs = 24 * 60 * 60 * 1000;
    return {
      id: player.id,
      account: player.account,
      avatar: player.avatar,
      phone: player.phone ? maskPhone(player.phone) : '',
      join_day: Math.floor((Date.now() - player.createdAt.getTime()) / dayMs) + 1,
      amount: minorToDecimal(balance),
      // Activity and platform wallets join this total when the wallet issue adds them to the ledger.
      total_money: minorToDecimal(balance),
      auto_transfer: player.autoTransfer,
      recommend_code: player.recommendCode,
      level: {
        id: player.levelId,
        name_frontend: level ? byLocale(locale, level.nameFrontend, level.nameFrontendEn) : '',
        if_show_frontend: level?.ifShowFrontend ?? false,
      },
      player_bonus_wallet: [],
      player_bonus_wallet_sum: '0.00',
      player_blacklist: player.blacklist,
      real_name: player.realName,
      gender: player.gender,
      birthday: player.birthday,
      status_force_password: player.statusForcePassword,
    };
  }

  /** Sends a registration code by SMS, with limits per phone and per address. */
  async sendRegisterCode(phone: string, ctx: RequestContext): Promise<void> {
    await this.screenPhone(phone);
    const taken = await repo.accountOrPhoneTaken(this.db, '', phone);
    if (taken.phone) throw new ApiError('validation_failed', { phone: ['v.phone.taken'] });
    // The caller's address is counted first: it is the resource an attacker spends. A phone's own counters
    // only move when a message really goes out to it, so refused or failed attempts cannot use up the day of
    // someone else's phone.
    const hourly = await this.limiter.hit(`sms:ip:${ctx.ip}`, SMS_IP_HOURLY, 60 * 60 * 1000);
    if (!hourly.allowed) throw new ApiError('rate_limited');
    if ((await this.limiter.peek(`sms:day:${phone}`)) >= SMS_PHONE_DAILY) throw new ApiError('rate_limited');
    // The gap is taken before sending, so two requests at once cannot both send; a failed send gives it back.
    const gap = await this.limiter.hit(`sms:gap:${phone}`, 1, SMS_PHONE_GAP_MS);
    if (!gap.allowed) throw new ApiError('sms_too_soon');

    const code = newSmsCode();
    await repo.insertCode(this.db, {
      phone,
      purpose: 'register',
      codeHash: hashCode(phone, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    const body = ctx.locale === 'en' ? `Your registration code is ${code}. It expires in 5 minutes.` : `您的註冊驗證碼為 ${code}，5 分鐘內有效。`;
    const { delivered } = await this.sms.send({ phone, purpose: 'register', body, secret: code });
    if (delivered) await this.limiter.hit(`sms:day:${phone}`, SMS_PHONE_DAILY, 24 * 60 * 60 * 1000);
    else await this.limiter.reset(`sms:gap:${phone}`);
    if (!delivered) throw new ApiError('upstream_failed');
  }
}
