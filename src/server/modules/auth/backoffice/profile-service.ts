// The back-office player profile: who the player is (real name, gender, birthday, phone, bank
// cards, registration, last sign-in, status), enabling or disabling the account and editing the personal details.
// Each change writes its audit row with the staff member, the reason and the values before and after, in the same
// transaction as the change. Disabling revokes every session of the player in that transaction and then kicks the
// player's sockets on every instance through the realtime publisher.
import type { EventPublisher, PublishedEvent } from '../../../lib/events.ts';
import type { AuthEvents } from '../events.ts';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Publisher } from '../../../realtime/publisher.ts';
import { MIN_AGE_YEARS } from '../../../../shared/constants.ts';
import { ageOn } from '../../../../shared/schemas/cashier.ts';
import { PLAYER_ACTIVE, PLAYER_DISABLED } from '../../../../shared/schemas/player-profile.ts';
import type { PlayerProfileView } from '../../../../shared/schemas/backoffice/players.ts';
import * as repo from './profile-repository.ts';
import { revokePlayerSessions } from './players-repository.ts';
import { changedFields, recordAudit } from '../../staff/audit.ts';
import type { Operator } from '../../staff/service.ts';

/** The session end reason the player's page and the sessions list already know: ended by staff. */
const REVOKE_REASON = 'kick';

/** A real calendar day, not 2000-02-31. */
function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** Bank cards listed on the player page; the site's own limit on bound cards is far below this. */
const CARDS_SHOWN = 50;

/** A bound bank card as the player page shows it, unmasked. */
export interface CardOnFile {
  id: number;
  bank: string;
  market: string;
  accountName: string;
  cardNumber: string;
  statusDebitCard: number;
  createdAt: Date;
}

/**
 * The player's bound cards, oldest first, at most `limit`. The cashier owns them and answers through its service
 * (the routes pass it in): the cashier reads players through this domain, so this domain does not import it.
 */
export type CardsOnFile = (playerId: number, limit: number) => Promise<CardOnFile[]>;

export class PlayerProfileService {
  private readonly db: Db;
  private readonly publish: Publisher;
  private readonly cardsOnFile: CardsOnFile;

  /** Where player.profile_changed goes after an operator's edit has committed (risk records a changed phone). */
  private readonly events: EventPublisher<AuthEvents> | undefined;

  constructor(deps: { db: Db; publish: Publisher; cardsOnFile: CardsOnFile; events?: EventPublisher<AuthEvents> }) {
    this.db = deps.db;
    this.events = deps.events;
    this.publish = deps.publish;
    this.cardsOnFile = deps.cardsOnFile;
  }

  async profile(playerId: number): Promise<PlayerProfileView> {
    const p = await repo.profile(this.db, playerId);
    if (!p) throw new ApiError('not_found');
    const [cards, live] = await Promise.all([this.cardsOnFile(playerId, CARDS_SHOWN), repo.liveSessionCount(this.db, playerId)]);
    return {
      id: p.id,
      account: p.account,
      status: p.status,
      real_name: p.realName,
      gender: p.gender,
      birthday: p.birthday,
      phone: p.phone ?? '',
      created_at: p.createdAt.toISOString(),
      last_login_at: p.lastLoginAt ? p.lastLoginAt.toISOString() : null,
      register_ip: p.registerIp ?? '',
      live_sessions: live,
      bank_cards: cards.map((c) => ({
        id: c.id,
        bank: c.bank,
        market: c.market,
        account_name: c.accountName,
        card_number: c.cardNumber,
        status_debit_card: c.statusDebitCard,
        created_at: c.createdAt.toISOString(),
      })),
    };
  }

  /** Disabling ends every session at once; the player can sign in again only after an operator enables the account. */
  async setStatus(op: Operator, playerId: number, enabled: boolean, reason: string): Promise<{ status: number; revoked: number }> {
    const status = enabled ? PLAYER_ACTIVE : PLAYER_DISABLED;
    const revoked = await this.db.transaction(async (tx) => {
      const before = await repo.profileForUpdate(tx, playerId);
      if (!before) throw new ApiError('not_found');
      await repo.setStatus(tx, playerId, status);
      const ids = enabled ? [] : await revokePlayerSessions(tx, playerId, REVOKE_REASON);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: enabled ? 'player.enable' : 'player.disable',
        target: `player:${playerId}`,
        before: { status: before.status },
        after: { status },
        detail: { account: before.account, reason, sessions: ids.length },
        ip: op.ip,
      });
      return ids;
    });
    if (revoked.length) {
      // After the commit: the open pages hear why, then their sockets are closed on whichever instance holds them.
      this.publish.toPlayer(playerId, 'kick', { reason: 'kick' });
      this.publish.disconnectSessions(revoked);
    }
    return { status, revoked: revoked.length };
  }

  async updateProfile(
    op: Operator,
    playerId: number,
    input: { real_name: string; gender: string; birthday: string; phone: string; reason: string },
  ): Promise<PlayerProfileView> {
    if (!isCalendarDay(input.birthday)) throw new ApiError('validation_failed', { birthday: ['bo.pp.birthday_required'] });
    if (ageOn(input.birthday, new Date()) < MIN_AGE_YEARS) throw new ApiError('validation_failed', { birthday: ['bo.pp.under_age'] });
    const phone = input.phone === '' ? null : input.phone;
    let changed: PublishedEvent | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const before = await repo.profileForUpdate(tx, playerId);
        if (!before) throw new ApiError('not_found');
        if (phone && (await repo.phoneTakenByOther(tx, phone, playerId))) throw new ApiError('validation_failed', { phone: ['bo.pp.phone_taken'] });
        await repo.setProfile(tx, playerId, { realName: input.real_name, gender: input.gender, birthday: input.birthday, phone });
        await recordAudit(tx, {
          staffId: op.staffId,
          action: 'player.profile_update',
          target: `player:${playerId}`,
          ...changedFields(
            { real_name: before.realName, gender: before.gender, birthday: before.birthday, phone: before.phone ?? '' },
            { real_name: input.real_name, gender: input.gender, birthday: input.birthday, phone: phone ?? '' },
          ),
          detail: { account: before.account, reason: input.reason },
          ip: op.ip,
        });
        changed = await this.events?.publish(tx, 'player.profile_changed', { playerId, phone, realName: input.real_name, birthday: input.birthday });
      });
    } catch (err) {
      // Two edits racing for the same phone: the unique index decides, and the loser hears the same message.
      if (isUniqueViolation(err, 'players_phone_uq')) throw new ApiError('validation_failed', { phone: ['bo.pp.phone_taken'] });
      throw err;
    }
    this.publish.toPlayer(playerId, 'update-user', {});
    await this.events?.deliver(changed);
    return this.profile(playerId);
  }
}
