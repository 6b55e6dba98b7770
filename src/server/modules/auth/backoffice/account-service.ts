// Operator actions on a player's account: a one-time temporary password, the forced change,
// clearing a login lockout, the login history and the sessions. Each change writes its audit row, with the
// staff member and the reason, in the same transaction as the change.
import { LOGIN_ACCOUNT_FAILURES } from '../limits.ts';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Limiter } from '../../../lib/limiter.ts';
import type { Publisher } from '../../../realtime/publisher.ts';
import { AuthService } from '../service.ts';
import type { SessionCache } from '../session-cache.ts';
import { AccountService, newTemporaryPassword } from '../account-service.ts';
import * as accounts from '../account-repository.ts';
import * as repo from './players-repository.ts';
import { recordAudit } from '../../staff/audit.ts';
import { FORCE_PASSWORD } from '../../../../shared/schemas/account.ts';
import type { LoginRecordView, SessionView } from '../../../../shared/schemas/backoffice/players.ts';
import type { Operator } from '../../staff/service.ts';
import type { Paging } from '../../../../shared/schemas/paging.ts';
import { FORCE_PASSWORD_STATUS } from '../../../../shared/statuses.ts';

/** A temporary password stops working this long after it is issued. */
const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Sessions listed on a player's page, newest first. */
const SESSIONS_SHOWN = 50;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export class BackofficeAccountService {
  private readonly db: Db;
  private readonly limiter: Limiter;
  private readonly publish: Publisher;
  private readonly sessionCache: Pick<SessionCache, 'invalidate'> | undefined;

  constructor(deps: { db: Db; limiter: Limiter; publish: Publisher; sessionCache?: Pick<SessionCache, 'invalidate'> }) {
    this.db = deps.db;
    this.limiter = deps.limiter;
    this.publish = deps.publish;
    this.sessionCache = deps.sessionCache;
  }

  private async player(playerId: number) {
    const player = await repo.playerExists(this.db, playerId);
    if (!player) throw new ApiError('not_found');
    return player;
  }

  /** What the player page shows about the account's security. */
  async security(playerId: number) {
    await this.player(playerId);
    const row = await accounts.playerById(this.db, playerId);
    const failures = await this.limiter.peek(AccountService.loginFailKey(playerId));
    return {
      status_force_password: row?.statusForcePassword ?? FORCE_PASSWORD_STATUS.none,
      password_expires_at: iso(row?.passwordExpiresAt),
      login_failures: failures,
      locked: failures >= LOGIN_ACCOUNT_FAILURES,
    };
  }

  /**
   * Issues a temporary password, shown once in this answer and never stored in clear; it forces a change
   * at the next sign-in, expires within TEMPORARY_PASSWORD_TTL_MS and ends every session of the player.
   */
  async resetPassword(op: Operator, playerId: number, reason: string): Promise<{ temporary_password: string; expires_at: string }> {
    const player = await this.player(playerId);
    const temporary = newTemporaryPassword();
    const passwordHash = await AuthService.hashPassword(temporary);
    const expiresAt = new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS);
    const revoked = await this.db.transaction(async (tx) => {
      const was = await accounts.playerById(tx, playerId);
      await accounts.setPassword(tx, playerId, { passwordHash, statusForcePassword: FORCE_PASSWORD, passwordExpiresAt: expiresAt });
      const ids = await repo.revokePlayerSessions(tx, playerId, 'password-reset');
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'player.password_reset',
        target: `player:${playerId}`,
        before: { status_force_password: was?.statusForcePassword ?? null, sessions: ids.length },
        after: { status_force_password: FORCE_PASSWORD, sessions: 0, password_expires_at: expiresAt.toISOString() },
        detail: { account: player.account, reason },
        ip: op.ip,
      });
      return ids;
    });
    await this.limiter.reset(AccountService.loginFailKey(playerId));
    this.kick(playerId, revoked);
    return { temporary_password: temporary, expires_at: expiresAt.toISOString() };
  }

  async setForcePassword(op: Operator, playerId: number, force: boolean, reason: string): Promise<{ status_force_password: number }> {
    const player = await this.player(playerId);
    const status = force ? FORCE_PASSWORD : FORCE_PASSWORD_STATUS.none;
    await this.db.transaction(async (tx) => {
      const was = await accounts.playerById(tx, playerId);
      await accounts.setForcePassword(tx, playerId, status);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: force ? 'player.force_password' : 'player.force_password_off',
        target: `player:${playerId}`,
        before: { status_force_password: was?.statusForcePassword ?? null },
        after: { status_force_password: status },
        detail: { account: player.account, reason },
        ip: op.ip,
      });
    });
    // This instance forgets the player's cached sessions (which carry the flag) now, before the answer goes out: the
    // database's NOTIFY tells every instance too, but it arrives a moment later, and the operator's next call to this
    // instance must already see the change.
    this.sessionCache?.invalidate(`p:${playerId}`);
    // Open pages reload the user and so reach the change form at once.
    this.publish.toPlayer(playerId, 'update-user', {});
    return { status_force_password: status };
  }

  async unlockLogin(op: Operator, playerId: number, reason: string): Promise<{ unlocked: true }> {
    const player = await this.player(playerId);
    const failures = await this.limiter.peek(AccountService.loginFailKey(playerId));
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'player.unlock_login',
      target: `player:${playerId}`,
      before: { login_failures: failures },
      after: { login_failures: 0 },
      detail: { account: player.account, reason },
      ip: op.ip,
    });
    await this.limiter.reset(AccountService.loginFailKey(playerId));
    return { unlocked: true };
  }

  async loginHistory(playerId: number, p: Paging) {
    await this.player(playerId);
    const { rows, total } = await accounts.listLoginEvents(this.db, playerId, p.page, p.pageSize);
    const data: LoginRecordView[] = rows.map((r) => ({
      id: r.id,
      method: r.method === 'phone_code' ? 'phone_code' : 'password',
      success: r.success,
      reason: r.reason,
      ip: r.ip ?? '',
      user_agent: r.userAgent ?? '',
      created_at: r.createdAt.toISOString(),
    }));
    return { data, total, page: p.page, pageSize: p.pageSize };
  }

  async sessions(playerId: number): Promise<SessionView[]> {
    await this.player(playerId);
    const rows = await accounts.listSessions(this.db, playerId, SESSIONS_SHOWN);
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      ip: r.ip ?? '',
      user_agent: r.userAgent ?? '',
      created_at: r.createdAt.toISOString(),
      last_seen_at: r.lastSeenAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      revoked_at: iso(r.revokedAt),
      revoked_reason: r.revokedReason,
      live: !r.revokedAt && r.expiresAt.getTime() > now,
    }));
  }

  async revokeSession(op: Operator, playerId: number, sessionId: number, reason: string): Promise<{ revoked: true }> {
    const player = await this.player(playerId);
    await this.db.transaction(async (tx) => {
      if (!(await accounts.revokeSession(tx, playerId, sessionId, 'kick'))) throw new ApiError('not_found');
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'player.session_revoke',
        target: `player:${playerId}`,
        before: { session: sessionId },
        after: null,
        detail: { account: player.account, reason },
        ip: op.ip,
      });
    });
    this.publish.toSessions([sessionId], 'kick', { reason: 'kick' });
    this.publish.disconnectSessions([sessionId]);
    return { revoked: true };
  }

  private kick(playerId: number, sessionIds: number[]): void {
    if (!sessionIds.length) return;
    this.publish.toPlayer(playerId, 'kick', { reason: 'kick' });
    this.publish.disconnectSessions(sessionIds);
  }
}
