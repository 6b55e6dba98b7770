// The staff domain's rules: sign-in with passwords and TOTP, sign-out, staff accounts with their two-factor
// enrolment. The audit log is read in audit-log-service.ts. Each change writes its audit row in the same transaction as the change.
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/limiter.ts';
import { translate } from '../../../i18n/index.ts';
import type { LoginBody, StaffCreateBody, StaffMeView, StaffUpdateBody } from '../../../shared/schemas/backoffice/staff.ts';
import type { Paging } from '../../../shared/schemas/paging.ts';
import { STAFF_STATUS } from '../../../shared/statuses.ts';
import { changedFields } from './audit.ts';
import * as repo from './repository.ts';
import { isStaffRole, permissionsOf } from './roles.ts';
import { TOTP_STEP_MS, TOTP_WINDOW_STEPS, newTotpSecret, openSecret, otpauthUri, sealSecret, verifyTotp } from './totp.ts';
import { hashStaffPassword, newStaffToken, verifyStaffPassword } from './credentials.ts';
import { STAFF_SESSION_TTL_MS, type StaffAuth } from './sessions.ts';

/** The default idle timeout, also named here where the staff service's callers look for it. */
export { STAFF_IDLE_TIMEOUT_MS } from './idle-timeout.ts';
export type { StaffAuth } from './sessions.ts';

const LOGIN_IP_LIMIT = 30;
const LOGIN_IP_WINDOW_MS = 10 * 60 * 1000;
const LOGIN_NAME_FAILURES = 5;
const LOGIN_NAME_WINDOW_MS = 15 * 60 * 1000;
const TOTP_ISSUER = `${translate('en', 'site.name')} Back Office`;
/**
 * Roles that move money, manage staff or read personal data whole (compliance): an authenticator is required for them
 * (config.staffTotpRequired).
 */
const TOTP_REQUIRED_ROLES: ReadonlySet<string> = new Set(['admin', 'finance', 'compliance']);

/** Who does an operator action, and from where, for the audit row. */
export interface Operator {
  staffId: number;
  ip: string;
}

export interface PageOf<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What sign-in answers: a step still to take before a session, or the session itself. */
export type LoginAnswer =
  | { setup_required: 'password' }
  | { setup_required: 'totp'; totp_secret: string; otpauth_uri: string }
  | { access_token: string; token_type: 'Bearer'; expires_in: number; staff: StaffMeView };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const page = <T>(p: Paging, rows: T[], total: number): PageOf<T> => ({ data: rows, total, page: p.page, pageSize: p.pageSize });
const lockedOut = () => new ApiError('rate_limited', { modal: ['bo.err.login_locked'] });

export class StaffService {
  private readonly db: Db;
  private readonly limiter: Limiter;
  /** Seals staff TOTP secrets at rest (config.staffTotpKey). */
  private readonly totpKey: Buffer;
  /** Admin and finance staff must have an authenticator before they get a session. */
  private readonly totpRequired: boolean;
  /** Verified against for unknown usernames, so the answer's timing does not tell which exist. */
  private dummyHash: Promise<string> | undefined;

  constructor(deps: { db: Db; limiter: Limiter; totpKey: Buffer; totpRequired?: boolean }) {
    this.db = deps.db;
    this.limiter = deps.limiter;
    this.totpKey = deps.totpKey;
    this.totpRequired = deps.totpRequired ?? false;
  }

  // Sign-in and sessions.

  /**
   * Signs a staff member in: the password, then on a first sign-in a new password and (for the roles that need one)
   * an authenticator's enrolment, then the code of an enrolled authenticator, then a session.
   */
  async login(input: LoginBody, ctx: { ip: string }): Promise<LoginAnswer> {
    const failKey = `bo:login:fail:${input.username.toLowerCase()}`;
    const row = await this.checkPassword(input, ctx.ip, failKey);
    if (row.mustChangePassword) {
      if (!input.new_password) {
        // The password was right: this is a step of signing in, not a failed try.
        await this.limiter.reset(failKey);
        return { setup_required: 'password' };
      }
      await this.replaceFirstPassword(row, input.password, input.new_password, ctx.ip);
    }
    if (!row.totpSecret && this.totpRequired && TOTP_REQUIRED_ROLES.has(row.role)) {
      const step = await this.enrolAtSignIn(row, input.totp_setup_code, ctx.ip);
      if (step) {
        await this.limiter.reset(failKey);
        return step;
      }
    } else if (row.totpSecret) {
      await this.checkSecondFactor(row, row.totpSecret, input.totp);
    }
    await this.limiter.reset(failKey);
    return this.openSession(row, ctx.ip);
  }

  /** The staff row whose password this is, after the address and username limits; anything else is refused. */
  private async checkPassword(input: LoginBody, ip: string, failKey: string): Promise<repo.StaffRow> {
    const ipHit = await this.limiter.hit(`bo:login:ip:${ip}`, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS);
    if (!ipHit.allowed) throw new ApiError('rate_limited');
    // Count first, verify after: parallel guesses each take a number before any is checked, so no more than
    // the limit are ever verified, and a right password sent after the limit in the same burst is refused.
    if (!(await this.limiter.hit(failKey, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
    const row = await repo.staffByUsername(this.db, input.username);
    // A disabled account answers the same whatever the password, so it cannot be used to test passwords.
    if (row && row.status !== STAFF_STATUS.active) throw new ApiError('account_disabled', { modal: ['bo.err.staff_disabled'] });
    const passwordOk = row
      ? await verifyStaffPassword(row.passwordHash, input.password)
      : (await verifyStaffPassword(await (this.dummyHash ??= hashStaffPassword('dummy-staff-pass')), input.password), false);
    if (!row || !passwordOk) throw new ApiError('login_failed', { modal: ['error.login_failed'] });
    return row;
  }

  /** First sign-in of an operator whose password someone else chose: a new password before anything else. */
  private async replaceFirstPassword(row: repo.StaffRow, password: string, newPassword: string, ip: string): Promise<void> {
    if (newPassword === password) throw new ApiError('validation_failed', { new_password: ['bo.err.password_same'] });
    const passwordHash = await hashStaffPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await repo.updateStaff(tx, row.id, { passwordHash, mustChangePassword: false });
      await repo.insertAudit(tx, {
        staffId: row.id,
        action: 'staff.password.change',
        target: `staff:${row.id}`,
        before: { must_change_password: true },
        after: { must_change_password: false },
        detail: { username: row.username, first_sign_in: true },
        ip,
      });
    });
    row.mustChangePassword = false;
  }

  /**
   * Admin and finance staff enrol an authenticator before they get a session: the secret is shown after the right
   * password (the answer returned), and a code from it turns it on (undefined: sign-in goes on).
   */
  private async enrolAtSignIn(row: repo.StaffRow, setupCode: string | undefined, ip: string): Promise<LoginAnswer | undefined> {
    const pending = row.totpPending ? openSecret(this.totpKey, row.totpPending) : undefined;
    if (!setupCode || !pending) {
      const secret = pending?.secret ?? newTotpSecret();
      if (!pending) await repo.updateStaff(this.db, row.id, { totpPending: sealSecret(this.totpKey, secret) });
      return { setup_required: 'totp', totp_secret: secret, otpauth_uri: otpauthUri(TOTP_ISSUER, row.username, secret) };
    }
    // Codes are counted first on their own counter, like sign-in codes.
    const setupKey = `bo:totp:setup:${row.id}`;
    if (!(await this.limiter.hit(setupKey, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
    if (verifyTotp(pending.secret, setupCode) === undefined) throw new ApiError('validation_failed', { totp_setup_code: ['bo.err.totp_invalid'] });
    await this.limiter.reset(setupKey);
    await this.db.transaction(async (tx) => {
      await repo.updateStaff(tx, row.id, { totpSecret: row.totpPending, totpPending: null });
      await repo.insertAudit(tx, {
        staffId: row.id,
        action: 'staff.totp.enable',
        target: `staff:${row.id}`,
        before: { totp_enabled: false },
        after: { totp_enabled: true },
        detail: { username: row.username, first_sign_in: true },
        ip,
      });
    });
    row.totpSecret = row.totpPending;
    return undefined;
  }

  /** The second factor is asked for only after the password was right, as authenticator prompts are. */
  private async checkSecondFactor(row: repo.StaffRow, sealedSecret: string, code: string | undefined): Promise<void> {
    if (!code) throw new ApiError('validation_failed', { totp: ['bo.err.totp_required'] });
    // Codes are counted before they are checked too, on their own counter: knowing the password must not
    // give an unlimited number of guesses at six digits.
    const totpKey = `bo:totp:fail:${row.id}`;
    if (!(await this.limiter.hit(totpKey, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
    const opened = openSecret(this.totpKey, sealedSecret);
    const step = opened ? verifyTotp(opened.secret, code) : undefined;
    // A code is good once: the step it matched is remembered until it can no longer match.
    const fresh = step !== undefined && (await this.limiter.hit(`bo:totp:${row.id}:${step}`, 1, (2 * TOTP_WINDOW_STEPS + 1) * TOTP_STEP_MS)).allowed;
    if (!fresh) throw new ApiError('validation_failed', { totp: ['bo.err.totp_invalid'] });
    await this.limiter.reset(totpKey);
    // A secret stored before secrets were encrypted is sealed at its first use.
    if (opened?.legacy) await repo.updateStaff(this.db, row.id, { totpSecret: sealSecret(this.totpKey, opened.secret) });
  }

  private async openSession(row: repo.StaffRow, ip: string): Promise<LoginAnswer> {
    const { token, hash } = newStaffToken();
    await this.db.transaction(async (tx) => {
      const sessionId = await repo.insertStaffSession(tx, {
        staffId: row.id,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + STAFF_SESSION_TTL_MS),
        ip,
      });
      await repo.insertAudit(tx, {
        staffId: row.id,
        action: 'auth.login',
        target: `staff:${row.id}`,
        before: null,
        after: { session: sessionId },
        detail: { username: row.username },
        ip,
      });
    });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: Math.floor(STAFF_SESSION_TTL_MS / 1000),
      staff: this.view({ staffId: row.id, username: row.username, role: row.role, totpEnabled: !!row.totpSecret }),
    };
  }

  async logout(auth: StaffAuth, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.revokeStaffSession(tx, auth.sessionId);
      await repo.insertAudit(tx, {
        staffId: auth.staffId,
        action: 'auth.logout',
        target: `staff:${auth.staffId}`,
        before: { session: auth.sessionId },
        after: null,
        detail: { username: auth.username },
        ip,
      });
    });
  }

  /** The signed-in staff member as /auth/me and the sign-in answer declare it (staffMeView). */
  view(auth: Pick<StaffAuth, 'staffId' | 'username' | 'role' | 'totpEnabled'>): StaffMeView {
    return {
      id: auth.staffId,
      username: auth.username,
      role: auth.role,
      totp_enabled: auth.totpEnabled,
      permissions: isStaffRole(auth.role) ? permissionsOf(auth.role) : [],
    };
  }

  // Staff accounts.

  async listStaff(p: Paging) {
    const { rows, total } = await repo.listStaff(this.db, p);
    return page(
      p,
      rows.map((r) => ({
        id: r.id,
        username: r.username,
        role: r.role,
        status: r.status,
        totp_enabled: !!r.totpEnabled,
        created_at: iso(r.createdAt),
      })),
      total,
    );
  }

  async createStaff(op: Operator, input: StaffCreateBody) {
    const passwordHash = await hashStaffPassword(input.password);
    try {
      const row = await this.db.transaction(async (tx) => {
        const created = await repo.insertStaff(tx, { username: input.username, passwordHash, role: input.role });
        await repo.insertAudit(tx, {
          staffId: op.staffId,
          action: 'staff.create',
          target: `staff:${created.id}`,
          before: null,
          after: { username: created.username, role: created.role, status: created.status },
          detail: { username: created.username },
          ip: op.ip,
        });
        return created;
      });
      return { id: row.id, username: row.username, role: row.role, status: row.status, totp_enabled: false, created_at: iso(row.createdAt) };
    } catch (err) {
      if (isUniqueViolation(err, 'staff_username_uq')) throw new ApiError('validation_failed', { username: ['bo.v.username.taken'] });
      throw err;
    }
  }

  async updateStaff(op: Operator, id: number, input: StaffUpdateBody) {
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
        staffId: op.staffId,
        action: 'staff.update',
        target: `staff:${id}`,
        ...changedFields({ role: before.role, status: before.status }, { role: input.role ?? before.role, status: input.status ?? before.status }),
        detail: { username: before.username, sessions_revoked: revoked },
        ip: op.ip,
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
        staffId: op.staffId,
        action: 'staff.totp.begin',
        target: `staff:${id}`,
        before: { totp_pending: !!row.totpPending },
        after: { totp_pending: true },
        detail: { username: row.username },
        ip: op.ip,
      });
      return row.username;
    });
    return { id, secret, otpauth_uri: otpauthUri(TOTP_ISSUER, username, secret) };
  }

  /** Finishes the caller's enrolment: a right code from the pending secret makes it the one sign-in asks for. */
  async confirmTotp(op: Operator, code: string): Promise<{ id: number; totp_enabled: true }> {
    // Guessing codes here is limited like signing in.
    const attempts = `bo:totp:confirm:${op.staffId}`;
    if (!(await this.limiter.hit(attempts, LOGIN_NAME_FAILURES, LOGIN_NAME_WINDOW_MS)).allowed) throw lockedOut();
    await this.db.transaction(async (tx) => {
      const row = await repo.staffForUpdate(tx, op.staffId);
      if (!row) throw new ApiError('not_found');
      const pending = row.totpPending ? openSecret(this.totpKey, row.totpPending) : undefined;
      if (!pending || verifyTotp(pending.secret, code) === undefined) {
        throw new ApiError('validation_failed', { code: ['bo.err.totp_invalid'] });
      }
      await repo.updateStaff(tx, op.staffId, { totpSecret: row.totpPending, totpPending: null });
      await repo.insertAudit(tx, {
        staffId: op.staffId,
        action: 'staff.totp.enable',
        target: `staff:${op.staffId}`,
        before: { totp_enabled: !!row.totpSecret },
        after: { totp_enabled: true },
        detail: { username: row.username, replaced: !!row.totpSecret },
        ip: op.ip,
      });
    });
    await this.limiter.reset(attempts);
    return { id: op.staffId, totp_enabled: true };
  }

  /** An administrator's reset of a staff member's authenticator; they enrol again at their next sign-in or on their own. */
  async disableTotp(op: Operator, id: number): Promise<{ id: number }> {
    await this.db.transaction(async (tx) => {
      const row = await repo.staffForUpdate(tx, id);
      if (!row) throw new ApiError('not_found');
      await repo.updateStaff(tx, id, { totpSecret: null, totpPending: null });
      await repo.insertAudit(tx, {
        staffId: op.staffId,
        action: 'staff.totp.disable',
        target: `staff:${id}`,
        before: { totp_enabled: !!row.totpSecret },
        after: { totp_enabled: false },
        detail: { username: row.username },
        ip: op.ip,
      });
    });
    return { id };
  }
}
