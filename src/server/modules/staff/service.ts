// The back office's rules: staff sign-in with passwords and TOTP, sessions, and every operator action.
// Each action that changes something writes its audit row in the same transaction as the change;
// messages to browsers go out only after that transaction committed.
import { isUniqueViolation } from '../../db/errors.ts';
import { verify as argonVerify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/limiter.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { SystemService } from '../system/service.ts';
import { writeSetting } from '../system/repository.ts';
import { AuthService } from '../auth/service.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { translate } from '../../../i18n/index.ts';
import {
  DEFAULT_SETTINGS, WEBSITE_STATUS_KEY, type SystemSettings, type WebsiteStatus,
} from '../../../shared/settings.ts';
import * as repo from './repository.ts';
import { dashboardCounts } from '../system/dashboard-repository.ts';
import { startOfTaipeiDay } from '../../../shared/time.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { StaffMeView } from '../../../shared/schemas/backoffice/staff.ts';
import { isStaffRole, permissionsOf, type StaffRole } from './roles.ts';
import { SETTING_KEYS, SYSTEM_MESSAGE_SLOT, settingKind, type Input, type SettingKind, type loginBody, type messageCreateBody, type messageUpdateBody, type staffCreateBody, type staffUpdateBody } from './schemas.ts';
import { type Paging } from '../../../shared/schemas/paging.ts';
import { TOTP_STEP_MS, TOTP_WINDOW_STEPS, newTotpSecret, openSecret, otpauthUri, sealSecret, verifyTotp } from './totp.ts';
import { STAFF_STATUS } from '../../../shared/statuses.ts';
import { STAFF_IDLE_TIMEOUT_MS } from './idle-timeout.ts';

export { STAFF_IDLE_TIMEOUT_BOUNDS_MS, STAFF_IDLE_TIMEOUT_MS } from './idle-timeout.ts';

/** A working day; staff sign in again each shift. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** last_seen_at moves at most this often, so reading pages is not a write each time. */
const STAFF_TOUCH_MS = 60_000;
const LOGIN_IP_LIMIT = 30;
const LOGIN_IP_WINDOW_MS = 10 * 60 * 1000;
const LOGIN_NAME_FAILURES = 5;
const LOGIN_NAME_WINDOW_MS = 15 * 60 * 1000;
const TOTP_ISSUER = `${translate('en', 'site.name')} Back Office`;
/** Roles that move money or manage staff: an authenticator is required for them (config.staffTotpRequired). */
const TOTP_REQUIRED_ROLES: ReadonlySet<string> = new Set(['admin', 'finance']);

export interface StaffAuth { sessionId: number; staffId: number; username: string; role: StaffRole | string; totpEnabled: boolean }
/** Who does an operator action, and from where, for the audit row. */
export interface Operator { staffId: number; ip: string }

export interface PageOf<T> { data: T[]; total: number; page: number; pageSize: number }

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const page = <T>(p: Paging, rows: T[], total: number): PageOf<T> => ({ data: rows, total, page: p.page, pageSize: p.pageSize });

export class BackofficeService {
  private readonly db: Db;
  private readonly system: SystemService;
  private readonly limiter: Limiter;
  private readonly publish: Publisher;
  /** Seals staff TOTP secrets at rest (config.staffTotpKey). */
  private readonly totpKey: Buffer;
  /** Verified against for unknown usernames, so the answer's timing does not tell which exist. */
  private dummyHash: Promise<string> | undefined;

  /** Admin and finance staff must have an authenticator before they get a session. */
  private readonly totpRequired: boolean;
  private readonly idleTimeoutMs: number;

  constructor(deps: { db: Db; system: SystemService; limiter: Limiter; publish: Publisher; totpKey: Buffer; totpRequired?: boolean; idleTimeoutMs?: number }) {
    this.idleTimeoutMs = deps.idleTimeoutMs ?? STAFF_IDLE_TIMEOUT_MS;
    this.db = deps.db;
    this.totpKey = deps.totpKey;
    this.totpRequired = deps.totpRequired ?? false;
    this.system = deps.system;
    this.limiter = deps.limiter;
    this.publish = deps.publish;
  }

  // Sign-in and sessions.

  async login(input: Input<typeof loginBody>, ctx: { ip: string }) {
    const ipHit = await this.limiter.hit(`bo:login:ip:${ctx.ip}`, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS);
    if (!ipHit.allowed) throw new ApiError('rate_limited');
    const failKey = `bo:login:fail:${input.username.toLowerCase()}`;
    const lockedOut = () => new ApiError('rate_limited', { modal: ['bo.err.login_locked'] });
    // Count first, verify after: parallel guesses each take a number before any is checked, so no more than
    // the limit are ever verified, and a right password sent after the limit in the same burst is refused.
    if (!(await this.limiter.hit(failKey, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
    const row = await repo.staffByUsername(this.db, input.username);
    // A disabled account answers the same whatever the password, so it cannot be used to test passwords.
    if (row && row.status !== STAFF_STATUS.active) throw new ApiError('account_disabled', { modal: ['bo.err.staff_disabled'] });
    const passwordOk = row
      ? await argonVerify(row.passwordHash, input.password)
      : (await argonVerify(await (this.dummyHash ??= AuthService.hashPassword('dummy-staff-pass')), input.password), false);
    if (!row || !passwordOk) throw new ApiError('login_failed', { modal: ['error.login_failed'] });

    // First sign-in of an operator whose password someone else chose: a new password before anything else.
    if (row.mustChangePassword) {
      if (!input.new_password) {
        // The password was right: this is a step of signing in, not a failed try.
        await this.limiter.reset(failKey);
        return { setup_required: 'password' as const };
      }
      if (input.new_password === input.password) throw new ApiError('validation_failed', { new_password: ['bo.err.password_same'] });
      const passwordHash = await AuthService.hashPassword(input.new_password);
      await this.db.transaction(async (tx) => {
        await repo.updateStaff(tx, row.id, { passwordHash, mustChangePassword: false });
        await repo.insertAudit(tx, { staffId: row.id, action: 'staff.password.change', target: `staff:${row.id}`, detail: { first_sign_in: true }, ip: ctx.ip });
      });
      row.mustChangePassword = false;
    }
    // Admin and finance staff enrol an authenticator before they get a session: the secret is shown after the
    // right password, and a code from it turns it on.
    if (!row.totpSecret && this.totpRequired && TOTP_REQUIRED_ROLES.has(row.role)) {
      const pending = row.totpPending ? openSecret(this.totpKey, row.totpPending) : undefined;
      if (!input.totp_setup_code || !pending) {
        const secret = pending?.secret ?? newTotpSecret();
        if (!pending) await repo.updateStaff(this.db, row.id, { totpPending: sealSecret(this.totpKey, secret) });
        await this.limiter.reset(failKey);
        return { setup_required: 'totp' as const, totp_secret: secret, otpauth_uri: otpauthUri(TOTP_ISSUER, row.username, secret) };
      }
      // Codes are counted first on their own counter, like sign-in codes.
      const setupKey = `bo:totp:setup:${row.id}`;
      if (!(await this.limiter.hit(setupKey, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
      if (verifyTotp(pending.secret, input.totp_setup_code) === undefined) throw new ApiError('validation_failed', { totp_setup_code: ['bo.err.totp_invalid'] });
      await this.limiter.reset(setupKey);
      await this.db.transaction(async (tx) => {
        await repo.updateStaff(tx, row.id, { totpSecret: row.totpPending, totpPending: null });
        await repo.insertAudit(tx, { staffId: row.id, action: 'staff.totp.enable', target: `staff:${row.id}`, detail: { username: row.username, first_sign_in: true }, ip: ctx.ip });
      });
      row.totpSecret = row.totpPending;
    } else if (row.totpSecret) {
      // The second factor is asked for only after the password was right, as authenticator prompts are.
      if (!input.totp) throw new ApiError('validation_failed', { totp: ['bo.err.totp_required'] });
      // Codes are counted before they are checked too, on their own counter: knowing the password must not
      // give an unlimited number of guesses at six digits.
      const totpKey = `bo:totp:fail:${row.id}`;
      if (!(await this.limiter.hit(totpKey, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
      const opened = openSecret(this.totpKey, row.totpSecret);
      const step = opened ? verifyTotp(opened.secret, input.totp) : undefined;
      // A code is good once: the step it matched is remembered until it can no longer match.
      const fresh = step !== undefined
        && (await this.limiter.hit(`bo:totp:${row.id}:${step}`, 1, (2 * TOTP_WINDOW_STEPS + 1) * TOTP_STEP_MS)).allowed;
      if (!fresh) throw new ApiError('validation_failed', { totp: ['bo.err.totp_invalid'] });
      await this.limiter.reset(totpKey);
      // A secret stored before secrets were encrypted is sealed at its first use.
      if (opened?.legacy) await repo.updateStaff(this.db, row.id, { totpSecret: sealSecret(this.totpKey, opened.secret) });
    }
    await this.limiter.reset(failKey);

    const { token, hash } = newToken();
    await this.db.transaction(async (tx) => {
      const sessionId = await repo.insertStaffSession(tx, {
        staffId: row.id, tokenHash: hash, expiresAt: new Date(Date.now() + STAFF_SESSION_TTL_MS), ip: ctx.ip,
      });
      await repo.insertAudit(tx, { staffId: row.id, action: 'auth.login', target: `staff:${row.id}`, detail: { session: sessionId }, ip: ctx.ip });
    });
    return {
      access_token: token,
      token_type: 'Bearer' as const,
      expires_in: Math.floor(STAFF_SESSION_TTL_MS / 1000),
      staff: this.view({ staffId: row.id, username: row.username, role: row.role, totpEnabled: !!row.totpSecret }),
    };
  }

  async authenticate(token: string): Promise<StaffAuth | undefined> {
    const row = await repo.liveStaffSession(this.db, hashToken(token), this.idleTimeoutMs);
    if (!row) return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > STAFF_TOUCH_MS) await repo.touchStaffSession(this.db, row.sessionId);
    const { lastSeenAt: _seen, ...auth } = row;
    return auth;
  }

  async logout(auth: StaffAuth, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.revokeStaffSession(tx, auth.sessionId);
      await repo.insertAudit(tx, { staffId: auth.staffId, action: 'auth.logout', target: `staff:${auth.staffId}`, detail: { session: auth.sessionId }, ip });
    });
  }

  /** The signed-in staff member as /auth/me and the sign-in answer declare it (staffMeView). */
  view(auth: Pick<StaffAuth, 'staffId' | 'username' | 'role' | 'totpEnabled'>): StaffMeView {
    return {
      id: auth.staffId, username: auth.username, role: auth.role, totp_enabled: auth.totpEnabled,
      permissions: isStaffRole(auth.role) ? permissionsOf(auth.role) : [],
    };
  }

  async overview() {
    const [website, players, sms24h, counts] = await Promise.all([
      this.system.websiteStatus(),
      repo.playerCounts(this.db),
      repo.countSmsSince(this.db, new Date(Date.now() - 24 * 60 * 60 * 1000)),
      dashboardCounts(this.db, startOfTaipeiDay()),
    ]);
    const { pending, today } = counts;
    return {
      website, players_total: players.total, players_online: players.online, sms_24h: sms24h,
      // Work waiting for staff and today's money, the Taipei day (issue 10 item 22).
      pending,
      today: {
        deposits: minorToDecimal(today.depositsMinor), withdrawals: minorToDecimal(today.withdrawalsMinor),
        net: minorToDecimal(today.depositsMinor - today.withdrawalsMinor), active_players: today.activePlayers,
      },
    };
  }

  // Website status and settings. Both are rows of the settings table, written here in the same
  // transaction as their audit row; the system service then drops its short cache so this instance
  // serves the change at once (other instances within a second).

  websiteStatus(): Promise<WebsiteStatus> {
    return this.system.websiteStatus();
  }

  async setWebsiteStatus(op: Operator, input: WebsiteStatus): Promise<WebsiteStatus> {
    const before = await this.system.websiteStatus();
    const next: WebsiteStatus = { status: input.status, msg: input.msg, msg_en: input.msg_en };
    await this.db.transaction(async (tx) => {
      await writeSetting(tx, WEBSITE_STATUS_KEY, next);
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'website.update', target: WEBSITE_STATUS_KEY, detail: { from: before, to: next }, ip: op.ip,
      });
    });
    await this.refreshSystem();
    return next;
  }

  async settings(): Promise<{ values: SystemSettings; kinds: Record<string, SettingKind>; defaults: SystemSettings }> {
    return {
      values: await this.system.settings(),
      kinds: Object.fromEntries(SETTING_KEYS.map((k) => [k, settingKind(k)])),
      defaults: DEFAULT_SETTINGS,
    };
  }

  async updateSettings(op: Operator, patch: Partial<SystemSettings>) {
    const current = await this.system.settings();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(patch)) {
      const from = current[key as keyof SystemSettings];
      if (JSON.stringify(from) !== JSON.stringify(value)) changes[key] = { from, to: value };
    }
    if (Object.keys(changes).length) {
      await this.db.transaction(async (tx) => {
        for (const [key, { to }] of Object.entries(changes)) await writeSetting(tx, key, to);
        await repo.insertAudit(tx, {
          staffId: op.staffId, action: 'settings.update', target: 'settings', detail: { changes }, ip: op.ip,
        });
      });
      await this.refreshSystem();
    }
    return { ...(await this.settings()), changed: Object.keys(changes) };
  }

  /** SystemService takes no transaction yet; an empty update is its public way to drop the cache. */
  private async refreshSystem(): Promise<void> {
    this.system.invalidate();
  }

  // System messages (the notice bar).

  async listMessages(p: Paging) {
    const { rows, total } = await repo.listMessages(this.db, SYSTEM_MESSAGE_SLOT, p);
    return page(p, rows.map(messageView), total);
  }

  async createMessage(op: Operator, input: Input<typeof messageCreateBody>) {
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertMessage(tx, {
        slot: input.slot, status: input.status, message: input.message, messageEn: input.message_en,
      });
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'message.create', target: `system_message:${created.id}`,
        detail: { slot: created.slot, status: created.status, message: created.message, message_en: created.messageEn }, ip: op.ip,
      });
      return created;
    });
    return messageView(row);
  }

  async updateMessage(op: Operator, id: number, input: Input<typeof messageUpdateBody>) {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.messageForUpdate(tx, id);
      if (!before) throw new ApiError('not_found');
      const patch = {
        ...(input.message !== undefined ? { message: input.message } : {}),
        ...(input.message_en !== undefined ? { messageEn: input.message_en } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      };
      const after = await repo.updateMessage(tx, id, patch);
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'message.update', target: `system_message:${id}`,
        detail: { from: messageView(before), to: input }, ip: op.ip,
      });
      return after;
    });
    return messageView(row);
  }

  // SMS outbox, players.

  async listSms(p: Paging & { phone?: string }) {
    const { rows, total } = await repo.listSms(this.db, p);
    return page(p, rows.map((r) => ({
      id: r.id, phone: r.phone, purpose: r.purpose, body: r.body, driver: r.driver, status: r.status, created_at: iso(r.createdAt),
    })), total);
  }

  async listPlayers(p: Paging & { q?: string }) {
    const { rows, total } = await repo.listPlayers(this.db, p);
    return page(p, rows.map((r) => ({
      id: r.id, account: r.account, phone: r.phone ?? '', level_id: r.levelId, status: r.status, online: !!r.online,
      register_ip: r.registerIp ?? '', created_at: iso(r.createdAt), last_login_at: iso(r.lastLoginAt),
    })), total);
  }

  /** Ends every session of a player; their open pages hear 'kick' and sign out. */
  async kickPlayer(op: Operator, playerId: number): Promise<{ revoked: number }> {
    const revoked = await this.db.transaction(async (tx) => {
      const player = await repo.playerExists(tx, playerId);
      if (!player) throw new ApiError('not_found');
      const ids = await repo.revokePlayerSessions(tx, playerId, 'kick');
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'player.kick', target: `player:${playerId}`, detail: { account: player.account, sessions: ids.length }, ip: op.ip,
      });
      return ids;
    });
    if (revoked.length) {
      this.publish.toPlayer(playerId, 'kick', { reason: 'kick' });
      this.publish.disconnectSessions(revoked);
    }
    return { revoked: revoked.length };
  }

  // The audit log.

  async listAudit(p: Paging & { action?: string }) {
    const { rows, total } = await repo.listAudit(this.db, p);
    return page(p, rows.map((r) => ({
      id: r.id, staff_id: r.staffId, username: r.username ?? '', action: r.action, target: r.target, detail: r.detail,
      ip: r.ip ?? '', created_at: iso(r.createdAt),
    })), total);
  }

  // Staff accounts.

  async listStaff(p: Paging) {
    const { rows, total } = await repo.listStaff(this.db, p);
    return page(p, rows.map((r) => ({
      id: r.id, username: r.username, role: r.role, status: r.status, totp_enabled: !!r.totpEnabled, created_at: iso(r.createdAt),
    })), total);
  }

  async createStaff(op: Operator, input: Input<typeof staffCreateBody>) {
    const passwordHash = await AuthService.hashPassword(input.password);
    try {
      const row = await this.db.transaction(async (tx) => {
        const created = await repo.insertStaff(tx, { username: input.username, passwordHash, role: input.role });
        await repo.insertAudit(tx, {
          staffId: op.staffId, action: 'staff.create', target: `staff:${created.id}`, detail: { username: created.username, role: created.role }, ip: op.ip,
        });
        return created;
      });
      return { id: row.id, username: row.username, role: row.role, status: row.status, totp_enabled: false, created_at: iso(row.createdAt) };
    } catch (err) {
      if (isUniqueViolation(err, 'staff_username_uq')) throw new ApiError('validation_failed', { username: ['bo.v.username.taken'] });
      throw err;
    }
  }

  async updateStaff(op: Operator, id: number, input: Input<typeof staffUpdateBody>) {
    await this.db.transaction(async (tx) => {
      const before = await repo.staffForUpdate(tx, id);
      if (!before) throw new ApiError('not_found');
      // An admin cannot lock themselves out; another admin can still change them.
      if (id === op.staffId && ((input.role !== undefined && input.role !== before.role) || input.status === STAFF_STATUS.disabled)) {
        throw new ApiError('forbidden', { modal: ['bo.err.self_lockout'] });
      }
      await repo.updateStaff(tx, id, {
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      });
      const revoked = input.status === STAFF_STATUS.disabled ? await repo.revokeAllStaffSessions(tx, id) : 0;
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'staff.update', target: `staff:${id}`,
        detail: { username: before.username, from: { role: before.role, status: before.status }, to: input, sessions_revoked: revoked }, ip: op.ip,
      });
    });
    return { id, ...input };
  }

  /**
   * Starts a staff member's own TOTP enrolment: a new secret, shown to them this once and kept sealed as
   * pending. It protects nothing until they confirm a code from it (confirmTotp). Nobody can enrol, or see
   * the secret of, another staff member: an administrator can only reset it (disableTotp).
   */
  async enableTotp(op: Operator, id: number): Promise<{ id: number; secret: string; otpauth_uri: string }> {
    if (id !== op.staffId) throw new ApiError('forbidden', { modal: ['bo.err.totp_self_only'] });
    const secret = newTotpSecret();
    const username = await this.db.transaction(async (tx) => {
      const row = await repo.staffForUpdate(tx, id);
      if (!row) throw new ApiError('not_found');
      await repo.updateStaff(tx, id, { totpPending: sealSecret(this.totpKey, secret) });
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'staff.totp.begin', target: `staff:${id}`, detail: { username: row.username }, ip: op.ip,
      });
      return row.username;
    });
    return { id, secret, otpauth_uri: otpauthUri(TOTP_ISSUER, username, secret) };
  }

  /** Finishes the caller's enrolment: a right code from the pending secret makes it the one sign-in asks for. */
  async confirmTotp(op: Operator, code: string): Promise<{ id: number; totp_enabled: true }> {
    // Guessing codes here is limited like signing in.
    const attempts = `bo:totp:confirm:${op.staffId}`;
    if (!(await this.limiter.hit(attempts, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) {
      throw new ApiError('rate_limited', { modal: ['bo.err.login_locked'] });
    }
    await this.db.transaction(async (tx) => {
      const row = await repo.staffForUpdate(tx, op.staffId);
      if (!row) throw new ApiError('not_found');
      const pending = row.totpPending ? openSecret(this.totpKey, row.totpPending) : undefined;
      if (!pending || verifyTotp(pending.secret, code) === undefined) {
        throw new ApiError('validation_failed', { code: ['bo.err.totp_invalid'] });
      }
      await repo.updateStaff(tx, op.staffId, { totpSecret: row.totpPending, totpPending: null });
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'staff.totp.enable', target: `staff:${op.staffId}`,
        detail: { username: row.username, replaced: !!row.totpSecret }, ip: op.ip,
      });
    });
    await this.limiter.reset(attempts);
    return { id: op.staffId, totp_enabled: true };
  }

  async disableTotp(op: Operator, id: number): Promise<{ id: number }> {
    await this.db.transaction(async (tx) => {
      const row = await repo.staffForUpdate(tx, id);
      if (!row) throw new ApiError('not_found');
      await repo.updateStaff(tx, id, { totpSecret: null, totpPending: null });
      await repo.insertAudit(tx, {
        staffId: op.staffId, action: 'staff.totp.disable', target: `staff:${id}`, detail: { username: row.username }, ip: op.ip,
      });
    });
    return { id };
  }
}

function messageView(r: { id: number; slot: string; status: number; message: string; messageEn: string; createdAt: Date }) {
  return { id: r.id, slot: r.slot, status: r.status, message: r.message, message_en: r.messageEn, created_at: iso(r.createdAt) };
}
