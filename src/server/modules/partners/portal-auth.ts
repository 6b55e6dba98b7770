// The partner portal's own sign-in: argon2id passwords like players' and staff's, an optional TOTP through
// otplib (secrets sealed with STAFF_TOTP_KEY), opaque session tokens of which only the hash is stored, an idle and an
// absolute lifetime, and sign-in limits per account and per address shared by every instance.
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import type { Limiter } from '../../lib/limiter.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/credentials.ts';
import { newTotpSecret, openSecret, otpauthUri, sealSecret, verifyTotp } from '../staff/totp.ts';
import { recordAudit } from '../staff/audit.ts';
import * as repo from './repository.ts';

/** A session ends after an hour without use and after twelve hours in any case. */
export const AGENT_IDLE_MS = 60 * 60 * 1000;
export const AGENT_SESSION_MS = 12 * 60 * 60 * 1000;
/** Five wrong passwords for one account lock it for 15 minutes; one address may try 30 times in 15 minutes. */
const ACCOUNT_LIMIT = 5;
const IP_LIMIT = 30;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * A session's partner, and whether its password is still the first one someone else chose (an operator, or the parent
 * who made a sub-partner): until it is replaced, the portal's routes other than ME and the change itself answer
 * password_change_required.
 */
export interface PartnerSession {
  partnerId: number;
  tokenHash: string;
  mustChangePassword: boolean;
}

/** The portal routes a partner with a first password may still call: who am I, the change itself, signing out. */
export const OPEN_DURING_FIRST_PASSWORD = new Set(['/api/agent/me', '/api/agent/password', '/api/agent/logout']);

export class PartnerAuth {
  private dummy: Promise<string> | undefined;
  private readonly db: Db;
  private readonly limiter: Limiter;
  private readonly totpKey: Buffer;
  constructor(db: Db, limiter: Limiter, totpKey: Buffer) {
    this.db = db;
    this.limiter = limiter;
    this.totpKey = totpKey;
  }

  /** Signs in: a session token, or `totpRequired` when the partner enrolled TOTP and sent no code; a wrong code is refused. */
  async login(
    input: { account: string; password: string; totp?: string },
    ip: string,
    device = '',
  ): Promise<{ token?: string; partner?: repo.PartnerRow; totpRequired: boolean }> {
    const key = input.account.toLowerCase();
    const byIp = await this.limiter.hit(`agent-login:ip:${ip}`, IP_LIMIT, LOGIN_WINDOW_MS);
    // The code is the players' one, but its message sends a player to a phone sign-in the portal does not have: the
    // modal says in the portal's words that sign-in waits out the 15-minute window.
    if (!byIp.allowed || (await this.limiter.peek(`agent-login:acct:${key}`)) >= ACCOUNT_LIMIT) {
      throw new ApiError('login_locked', { modal: ['partners.login_locked'] });
    }
    const p = await repo.partnerByAccount(this.db, input.account);
    // A missing account costs the same hashing time, so timing does not tell which accounts exist.
    const good = p ? await verifyPassword(p.passwordHash, input.password) : await verifyPassword(await this.dummyHash(), input.password).then(() => false);
    if (!p || !good) {
      await this.limiter.hit(`agent-login:acct:${key}`, ACCOUNT_LIMIT, LOGIN_WINDOW_MS);
      throw new ApiError('login_failed');
    }
    if (p.status !== 'active') throw new ApiError('account_disabled');
    if (p.totpEnabled) {
      if (!input.totp) return { totpRequired: true };
      if (!(await this.checkTotp(p, input.totp))) {
        // A wrong or used code counts against the account like a wrong password, and is told on the code's own field
        // (in the caller's language), so the sign-in page does not just ask again without saying why.
        await this.limiter.hit(`agent-login:acct:${key}`, ACCOUNT_LIMIT, LOGIN_WINDOW_MS);
        throw new ApiError('validation_failed', { totp: ['partners.totp_wrong'] });
      }
    }
    await this.limiter.reset(`agent-login:acct:${key}`);
    const { token, hash } = newToken();
    const now = new Date();
    // The address and device are kept with the session: a player registering from them is the partner's own (binding.ts).
    await repo.insertSession(this.db, { partnerId: p.id, tokenHash: hash.toString('hex'), ip, device, expiresAt: new Date(now.getTime() + AGENT_SESSION_MS) });
    await repo.updatePartner(this.db, p.id, { lastLoginIp: ip, lastLoginAt: now });
    return { token, partner: p, totpRequired: false };
  }

  /** The live session of a token, touched; undefined for an unknown, expired, idle or revoked one, or a suspended partner. */
  async authenticate(token: string): Promise<PartnerSession | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const tokenHash = hashToken(token).toString('hex');
    const now = new Date();
    const s = await repo.liveSession(this.db, tokenHash, now, AGENT_IDLE_MS);
    if (!s) return undefined;
    const p = await repo.partnerById(this.db, s.partnerId);
    if (!p || p.status !== 'active') return undefined;
    // Touch at most once a minute: every call of a page would otherwise write.
    if (now.getTime() - s.lastSeenAt.getTime() > 60_000) await repo.touchSession(this.db, s.id, now);
    return { partnerId: s.partnerId, tokenHash, mustChangePassword: p.mustChangePassword };
  }

  async logout(session: PartnerSession): Promise<void> {
    await repo.revokeSession(this.db, session.tokenHash);
  }

  /** Replaces the password (a first one must become a different one); other sessions end; recorded in the audit log. */
  async changePassword(session: PartnerSession, oldPassword: string, newPassword: string, ip: string): Promise<void> {
    const p = (await repo.partnerById(this.db, session.partnerId))!;
    if (!(await verifyPassword(p.passwordHash, oldPassword))) throw new ApiError('password_wrong');
    if (newPassword === oldPassword) throw new ApiError('validation_failed', { new_password: ['partners.password_same'] });
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await repo.updatePartner(tx, p.id, { passwordHash, mustChangePassword: false });
      await repo.revokeSessionsOf(tx, p.id, session.tokenHash);
      await this.audit(
        tx,
        p,
        'partners.password.change',
        ip,
        { must_change_password: p.mustChangePassword },
        { must_change_password: false },
        { first_sign_in: p.mustChangePassword },
      );
    });
  }

  /** Starts enrolment: a new secret kept sealed but not yet enabled, shown once. */
  async totpSetup(partnerId: number): Promise<{ secret: string; otpauth_url: string; qr_data_url: string }> {
    const p = (await repo.partnerById(this.db, partnerId))!;
    if (p.totpEnabled) throw new ApiError('validation_failed', { code: ['partners.totp_enabled'] });
    const secret = newTotpSecret();
    await repo.updatePartner(this.db, partnerId, { totpSecret: sealSecret(this.totpKey, secret), totpLastStep: null });
    const otpauth = otpauthUri('Lucky Harbour Partners', p.account, secret);
    // Drawn here, so the portal's island carries no QR encoder.
    const qr = await QRCode.toDataURL(otpauth, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
    return { secret, otpauth_url: otpauth, qr_data_url: qr };
  }

  /** Turns the authenticator on with a code from the secret just shown (audited). */
  async totpEnable(partnerId: number, code: string, ip: string): Promise<void> {
    const p = (await repo.partnerById(this.db, partnerId))!;
    if (p.totpEnabled) throw new ApiError('validation_failed', { code: ['partners.totp_enabled'] });
    if (!p.totpSecret || !(await this.checkTotp(p, code))) throw new ApiError('validation_failed', { code: ['partners.totp_wrong'] });
    await this.db.transaction(async (tx) => {
      await repo.updatePartner(tx, partnerId, { totpEnabled: true });
      await this.audit(tx, p, 'partners.totp.enable', ip, { totp: 'off' }, { totp: 'on' });
    });
  }

  /** Turns the authenticator off with a current code from it (audited); the secret is forgotten. */
  async totpDisable(partnerId: number, code: string, ip: string): Promise<void> {
    const p = (await repo.partnerById(this.db, partnerId))!;
    if (!p.totpEnabled || !(await this.checkTotp(p, code))) throw new ApiError('validation_failed', { code: ['partners.totp_wrong'] });
    await this.db.transaction(async (tx) => {
      await repo.updatePartner(tx, partnerId, { totpEnabled: false, totpSecret: null, totpLastStep: null });
      await this.audit(tx, p, 'partners.totp.disable', ip, { totp: 'on' }, { totp: 'off' });
    });
  }

  /** A partner's own security change, in the audit log beside operators' actions (no staff member: staffId null). */
  private async audit(
    tx: Parameters<typeof recordAudit>[0],
    p: repo.PartnerRow,
    action: string,
    ip: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    detail: Record<string, unknown> = {},
  ) {
    await recordAudit(tx, { staffId: null, action, target: `partner:${p.id}`, ip, before, after, detail: { account: p.account, by: 'partner', ...detail } });
  }

  /** A code is good once: its step must be later than the last one used. */
  private async checkTotp(p: repo.PartnerRow, code: string): Promise<boolean> {
    const opened = p.totpSecret ? openSecret(this.totpKey, p.totpSecret) : undefined;
    const step = opened ? verifyTotp(opened.secret, code) : undefined;
    if (step === undefined || (p.totpLastStep !== null && step <= p.totpLastStep)) return false;
    await repo.updatePartner(this.db, p.id, { totpLastStep: step });
    return true;
  }

  private dummyHash(): Promise<string> {
    return (this.dummy ??= hashPassword('not-a-real-password1'));
  }

  static hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }
}
