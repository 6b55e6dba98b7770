// The red-packet rain (promotion mode 11): scheduling rounds with their packets drawn by a CSPRNG, the
// player's claim (one packet per player per round, only inside the window, through the protection gate and the
// round's eligibility), the audit that pays a claim into an activity wallet, and the job that tells every
// browser when a round opens and closes.
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { JournalKind } from '../../ledger/kinds.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../../shared/money.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import { DAY_MS } from '../../../shared/time.ts';
import type { Locale } from '../../../shared/constants.ts';
import { translate } from '../../../i18n/index.ts';
import {
  RED_PACKET_MAX_POOL_MINOR,
  RED_PACKET_MAX_WINDOW_MS,
  type AddAuditView,
  type RedEnvelopeView,
  type RoundInput,
  type RoundView,
} from '../../../shared/schemas/redpacket.ts';
import { checkGate, clearBonus } from '../protection/gate.ts';
import { isPublicUpload } from '../uploads/public-upload-facts.ts';
import { bonusAccounts, payBonusInTx } from '../wallet/grants.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { changedFields, recordAudit } from '../staff/audit.ts';
import * as repo from './repository.ts';
import { ClaimBatcher } from './claim-batcher.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';

/** How long one instance reuses its answer to "which round is on": every page view of every visitor asks. */
const LIVE_CACHE_MS = 1000;
/** Rounds kept by claim's cache at most (see roundFor). */
const ROUND_CACHE_MAX = 100;
const JOURNAL_KIND: JournalKind = 'red_packet';

/** The refusal each of red_packet_claim's outcomes stands for. */
const CLAIM_REFUSALS: Record<Exclude<repo.ClaimOutcome['outcome'], 'paid' | 'pending' | 'gate'>, ErrorCode> = {
  not_found: 'red_packet_not_found',
  ended: 'red_packet_ended',
  not_started: 'red_packet_not_started',
  claimed: 'red_packet_claimed',
  ineligible: 'red_packet_ineligible',
  empty: 'red_packet_empty',
};

/**
 * Splits a pool into `count` packets, each within min..max, summing to the pool exactly. Each packet takes a
 * uniformly drawn share of what is left above the minimums (at most twice the fair share, and never so little
 * that the packets after it could not reach the pool); the order is then shuffled so no position is favoured.
 */
export function drawPackets(poolMinor: bigint, count: number, minMinor: bigint, maxMinor: bigint): bigint[] {
  if (count < 1 || minMinor <= 0n || maxMinor < minMinor) throw new Error('impossible packet settings');
  if (poolMinor < minMinor * BigInt(count) || poolMinor > maxMinor * BigInt(count)) throw new Error('impossible packet settings');
  // Bounded by RED_PACKET_MAX_POOL_MINOR (1e9), so Number arithmetic is exact and within randomInt's range.
  const span = Number(maxMinor - minMinor);
  let left = Number(poolMinor - minMinor * BigInt(count));
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const after = count - i - 1;
    const lo = Math.max(0, left - after * span);
    const fair = after === 0 ? left : Math.floor((2 * left) / (after + 1));
    const hi = Math.min(span, left, Math.max(lo, fair));
    const extra = hi > lo ? randomInt(lo, hi + 1) : lo;
    out.push(minMinor + BigInt(extra));
    left -= extra;
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function minor(text: string, field: string): bigint {
  const m = decimalToMinor(text);
  if (m === undefined) throw new ApiError('validation_failed', { [field]: ['v.money.invalid'] });
  return m;
}

/** Checks a round's settings in a fixed order and turns them into a row; impossible settings are refused by field. */
/** What an audit row keeps of a round: its window, pool and packets (amounts as decimals, formatted when shown). */
function roundAudit(r: {
  title: string;
  titleEn: string;
  startsAt: Date;
  endsAt: Date;
  poolMinor: bigint;
  packetCount: number;
  minPacketMinor: bigint;
  maxPacketMinor: bigint;
  approvalCeilingMinor: bigint;
  status: string;
}) {
  return {
    title: r.title,
    title_en: r.titleEn,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    pool: minorToDecimal(r.poolMinor),
    packet_count: r.packetCount,
    min_packet: minorToDecimal(r.minPacketMinor),
    max_packet: minorToDecimal(r.maxPacketMinor),
    approval_ceiling: minorToDecimal(r.approvalCeilingMinor),
    status: r.status,
  };
}

function roundValues(input: RoundInput): repo.RoundValues {
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (!(endsAt > startsAt)) throw new ApiError('validation_failed', { ends_at: ['bo.redpacket.v.window'] });
  if (endsAt.getTime() - startsAt.getTime() > RED_PACKET_MAX_WINDOW_MS) throw new ApiError('validation_failed', { ends_at: ['bo.redpacket.v.window_long'] });
  const poolMinor = minor(input.pool, 'pool');
  const minPacketMinor = minor(input.min_packet, 'min_packet');
  const maxPacketMinor = minor(input.max_packet, 'max_packet');
  if (poolMinor <= 0n || poolMinor > RED_PACKET_MAX_POOL_MINOR) throw new ApiError('validation_failed', { pool: ['bo.redpacket.v.pool'] });
  if (minPacketMinor <= 0n) throw new ApiError('validation_failed', { min_packet: ['v.money.positive'] });
  if (maxPacketMinor < minPacketMinor) throw new ApiError('validation_failed', { max_packet: ['bo.redpacket.v.max_below_min'] });
  const n = BigInt(input.packet_count);
  if (minPacketMinor * n > poolMinor) throw new ApiError('validation_failed', { pool: ['bo.redpacket.v.pool_below_min'] });
  if (maxPacketMinor * n < poolMinor) throw new ApiError('validation_failed', { pool: ['bo.redpacket.v.pool_above_max'] });
  return {
    title: input.title,
    titleEn: input.title_en,
    startsAt,
    endsAt,
    poolMinor,
    packetCount: input.packet_count,
    minPacketMinor,
    maxPacketMinor,
    minLevel: input.min_level,
    lookbackDays: input.lookback_days,
    minDepositMinor: minor(input.min_deposit, 'min_deposit'),
    minValidBetMinor: minor(input.min_valid_bet, 'min_valid_bet'),
    flowMultiple: input.flow_multiple,
    approvalCeilingMinor: minor(input.approval_ceiling, 'approval_ceiling'),
    position: input.position,
    pictureId: input.picture_id,
    showPageType: input.show_page_type,
  };
}

/** The activity wallet's names (and the journal's memo) for a round's packets, whichever path pays them. */
function walletNames(round: repo.RoundRow): { name: string; nameEn: string } {
  return { name: `紅包雨 ${round.title}`.slice(0, 60), nameEn: `Red packet ${round.titleEn}`.slice(0, 60) };
}

interface ClaimResult {
  view: AddAuditView;
  message: string;
}

export class RedPacketService {
  private readonly db: Db;
  private readonly accounts: AccountDirectory;
  private readonly publish: Publisher;
  /** The operator picture's public URL (the uploads module); null before a picture is set. */
  private readonly pictureUrl: (id: number) => string;
  /** The live round and when it was read; the read itself, so page views arriving together share it. */
  private live: { at: number; round: ReturnType<typeof repo.liveRound> } | undefined;
  /**
   * Rounds by id with when they were read; the entry holds the read itself, so claims that arrive together while
   * it is on its way wait for that one read instead of each sending their own (a rush's first second sent hundreds).
   */
  private readonly roundCache = new Map<number, { at: number; round: Promise<repo.RoundRow | undefined> }>();
  /**
   * The service's clock in epoch milliseconds: the claim window, the round states and the caches' ages are read
   * from it. Date.now by default; tests move it instead of sleeping past a window or a cache.
   */
  readonly now: () => number;
  /** Claims arriving together go to the database together (claim-batcher.ts). */
  private readonly batcher: ClaimBatcher;
  /**
   * Rounds a batch found without a free packet, with when: for LIVE_CACHE_MS the claims of such a round are refused
   * as empty without a statement. Past the last packet half of a rush is claims of an empty round, and each cost the
   * database a walk over every taken packet's index entry (not yet vacuumed) to find none: in a 2,000-player rush for
   * 1,000 packets that walk took as long as paying the thousand. A refusal pays nothing, so the memo can never pay
   * twice; at worst a packet freed by a batch that rolled back waits one second longer for its next claim, the same
   * answer a claim racing that batch got from the database (FOR UPDATE SKIP LOCKED passes over a locked packet).
   */
  private readonly soldOut = new Map<number, number>();
  /** The house accounts paying the batches on their way to the database now (claimBatch). */
  private readonly housesInUse = new Set<number>();

  constructor(deps: { db: Db; accounts: AccountDirectory; publish: Publisher; pictureUrl: (id: number) => string; now?: () => number }) {
    this.db = deps.db;
    this.accounts = deps.accounts;
    this.publish = deps.publish;
    this.pictureUrl = deps.pictureUrl;
    this.now = deps.now ?? Date.now;
    this.batcher = new ClaimBatcher((roundId, claims) => this.claimBatch(roundId, claims));
  }

  /** One batch of the batcher: the round's names and lookback as of now, every player's claim in one statement. */
  private async claimBatch(roundId: number, claims: { playerId: number; houseAccountId: number }[]): Promise<Map<number, repo.ClaimOutcome>> {
    const round = await this.roundFor(roundId);
    // The claim read the same cached round a moment ago; a round gone since is refused for every player.
    if (!round) return new Map(claims.map((c) => [c.playerId, { outcome: 'not_found' as const }]));
    const now = this.now();
    // Claims that were already waiting when another batch found the round empty are refused as claim() refuses them.
    if (this.isSoldOut(roundId, now)) return new Map(claims.map((c) => [c.playerId, { outcome: 'empty' as const }]));
    // One house account pays the whole batch: the shard of one of its players that no other batch on its way holds.
    // Paid by each player's own shard, every batch of fifty locked nearly all sixteen house shards until its commit,
    // so the batches in flight queued behind each other's locks; with one shard each they run side by side. Which
    // house shard pays a packet changes nothing for the player, and each batch still locks its accounts in id order
    // (ledger_post_journal sorts each journal's two legs), with a single house row among them.
    const house = claims.map((c) => c.houseAccountId).find((id) => !this.housesInUse.has(id)) ?? claims[0]!.houseAccountId;
    this.housesInUse.add(house);
    try {
      const outcomes = await repo.claimPackets(this.db, {
        roundId,
        players: claims.map((c) => ({ playerId: c.playerId, houseAccountId: house })),
        ...walletNames(round),
        lookbackSince: new Date(round.lookbackDays > 0 ? now - round.lookbackDays * DAY_MS : 0),
      });
      if ([...outcomes.values()].some((o) => o.outcome === 'empty')) {
        if (this.soldOut.size >= ROUND_CACHE_MAX) this.soldOut.clear();
        this.soldOut.set(roundId, this.now());
      }
      return outcomes;
    } finally {
      this.housesInUse.delete(house);
    }
  }

  /** Whether a batch found the round without a free packet less than LIVE_CACHE_MS ago (see soldOut). */
  private isSoldOut(roundId: number, now: number): boolean {
    const emptyAt = this.soldOut.get(roundId);
    return emptyAt !== undefined && now - emptyAt < LIVE_CACHE_MS;
  }

  private async liveRound() {
    const now = this.now();
    if (this.live && now - this.live.at < LIVE_CACHE_MS) return this.live.round;
    const live = { at: now, round: repo.liveRound(this.db) };
    this.live = live;
    live.round.catch(() => {
      if (this.live === live) this.live = undefined;
    });
    return live.round;
  }

  /** GET /activity/redEnvelope for a visitor (playerId undefined) or a player. */
  async info(playerId: number | undefined, locale: Locale): Promise<RedEnvelopeView> {
    const round = await this.liveRound();
    if (!round || round.endsAt.getTime() <= this.now()) {
      return {
        haveRedEnvelope: false,
        haveRedEnvelopeRain: false,
        redpacketPosition: 'right',
        showRedPack: false,
        showPageType: 0,
        redEnvelopeId: null,
        redEnvelopePic: null,
        title: '',
        endsAt: null,
        remaining: 0,
      };
    }
    const claimed = playerId !== undefined && !!(await repo.claimOf(this.db, round.id, playerId));
    return {
      haveRedEnvelope: true,
      haveRedEnvelopeRain: !claimed,
      redpacketPosition: round.position === 'left' ? 'left' : 'right',
      showRedPack: !claimed,
      showPageType: round.showPageType === 1 ? 1 : 0,
      redEnvelopeId: round.id,
      redEnvelopePic: round.pictureId ? this.pictureUrl(round.pictureId) : null,
      title: byLocale(locale, round.title, round.titleEn),
      endsAt: round.endsAt.toISOString(),
      remaining: round.remaining,
    };
  }

  /**
   * A round's row, reused for LIVE_CACHE_MS: in a rush every claim names the same round. Safe to be a second
   * stale: the packet is taken only if the database still finds the round scheduled and inside its window.
   */
  private async roundFor(roundId: number): Promise<repo.RoundRow | undefined> {
    const now = this.now();
    const hit = this.roundCache.get(roundId);
    if (hit && now - hit.at < LIVE_CACHE_MS) return hit.round;
    const round = repo.roundById(this.db, roundId);
    // Bounded: a flood of made-up ids must not grow the map.
    if (this.roundCache.size >= ROUND_CACHE_MAX) this.roundCache.clear();
    const entry = { at: now, round };
    this.roundCache.set(roundId, entry);
    // A failed read is not remembered: the next claim reads again.
    round.catch(() => {
      if (this.roundCache.get(roundId) === entry) this.roundCache.delete(roundId);
    });
    return round;
  }

  /**
   * One round trip for most claims, shared with the claims arriving at the same time: the cached round answers the
   * early refusals, the house account's id is remembered by the directory, and red_packet_claim_batch
   * (sql/red_packet_claim_batch.sql) takes and pays the claims of a batch in one statement. The answer
   * waits for the batch's commit. A player under an exclusion or with a session, loss or wager limit costs the
   * full gate and a call of their own.
   */
  async claim(playerId: number, roundId: number, locale: Locale): Promise<ClaimResult> {
    const round = await this.roundFor(roundId);
    if (!round) throw new ApiError('red_packet_not_found');
    // A cancelled round has ended for the player, whatever its window said.
    if (round.status !== 'scheduled') throw new ApiError('red_packet_ended');
    const now = this.now();
    if (now < round.startsAt.getTime()) throw new ApiError('red_packet_not_started');
    if (now >= round.endsAt.getTime()) throw new ApiError('red_packet_ended');
    if (this.isSoldOut(roundId, now)) throw new ApiError('red_packet_empty');
    const house = await this.accounts.houseAccount('bonus', playerId);
    const queued = this.batcher.claim(roundId, { playerId, houseAccountId: house });
    if (!queued) throw new ApiError('service_unavailable');
    let taken = await queued;
    if (taken.outcome === 'gate') {
      // Throws the gate's own refusal (which exclusion or limit, until when); a player it lets through claims again.
      await checkGate(this.db, playerId, 'red_packet');
      try {
        taken = await repo.claimPacket(this.db, {
          roundId,
          playerId,
          houseAccountId: house,
          gateChecked: true,
          ...walletNames(round),
          lookbackSince: new Date(round.lookbackDays > 0 ? now - round.lookbackDays * DAY_MS : 0),
        });
      } catch (err) {
        if (isUniqueViolation(err, 'red_packets_round_player_uq')) throw new ApiError('red_packet_claimed');
        throw err;
      }
    }
    // The second call skips the gate, so it cannot answer 'gate' again.
    if (taken.outcome === 'gate') throw new Error('red_packet_claim asked for the gate twice');
    if (taken.outcome !== 'paid' && taken.outcome !== 'pending') throw new ApiError(CLAIM_REFUSALS[taken.outcome]);
    const paid = taken.outcome === 'paid';
    if (paid) this.publish.toPlayer(playerId, 'update-user');
    const amount = minorToDecimal(taken.amountMinor);
    const shown = formatDecimal(amount);
    const message = translate(locale, paid ? 'redpacket.claim.paid' : 'redpacket.claim.pending', { amount: shown });
    return { view: { id: taken.packetId, amount, status: paid ? 'approved' : 'pending' }, message };
  }

  private payment(round: repo.RoundRow, playerId: number, packetId: number, amountMinor: bigint, staffId: number | null) {
    return {
      playerId,
      amountMinor,
      target: round.flowMultiple > 0 ? ('bonus' as const) : ('central' as const),
      bonusBetMinor: amountMinor * BigInt(round.flowMultiple),
      ...walletNames(round),
      kind: JOURNAL_KIND,
      idempotencyKey: `red_packet:${round.id}:${packetId}:${playerId}`,
      request: { roundId: round.id, packetId, playerId, amountMinor: amountMinor.toString() },
      staffId,
      ref: `red_packet:${packetId}`,
    };
  }

  /** Approves a pending claim and pays it; approving an approved claim again pays nothing and says so. */
  async approve(packetId: number, staff: { staffId: number; ip: string }): Promise<{ replayed: boolean }> {
    const packet = await repo.packetById(this.db, packetId);
    if (!packet || packet.playerId === null) throw new ApiError('not_found');
    const playerId = packet.playerId;
    const round = await repo.roundById(this.db, packet.roundId);
    if (!round) throw new ApiError('not_found');
    const accounts = await bonusAccounts(this.accounts, playerId);
    const replayed = await this.db.transaction(async (tx) => {
      // The row lock orders two approvals of one claim: the second sees it approved and pays nothing.
      const locked = await repo.packetForUpdate(tx, packetId);
      if (locked?.status === 'approved') return true;
      if (locked?.status !== 'pending') throw new ApiError('red_packet_not_pending');
      // The player may have been excluded since the claim: the gate is asked again before the money moves.
      const cleared = await clearBonus(tx, playerId, 'red_packet');
      const paid = await payBonusInTx(tx, accounts, { ...this.payment(round, playerId, packetId, locked.amountMinor, staff.staffId), cleared });
      await repo.markApproved(tx, packetId, paid, staff.staffId);
      await recordAudit(tx, {
        staffId: staff.staffId,
        action: 'redpacket.claim.approve',
        target: `red_packet:${packetId}`,
        before: { status: locked.status },
        after: { status: 'approved', amount: minorToDecimal(locked.amountMinor) },
        detail: { round: round.id, title: round.title, player_id: playerId },
        ip: staff.ip,
      });
      return false;
    });
    if (!replayed) this.publish.toPlayer(playerId, 'update-user');
    return { replayed };
  }

  async reject(packetId: number, reason: string, staff: { staffId: number; ip: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.markRejected(tx, packetId, reason, staff.staffId))) {
        const packet = await repo.packetById(tx, packetId);
        throw new ApiError(packet?.playerId ? 'red_packet_not_pending' : 'not_found');
      }
      const packet = await repo.packetById(tx, packetId);
      await recordAudit(tx, {
        staffId: staff.staffId,
        action: 'redpacket.claim.reject',
        target: `red_packet:${packetId}`,
        before: { status: 'pending' },
        after: { status: 'rejected' },
        detail: { reason, player_id: packet?.playerId ?? null },
        ip: staff.ip,
      });
    });
  }

  /** A round's picture must be public operator content from the uploads module (publicFileUrl serves it to everyone). */
  private async assertPicture(input: RoundInput): Promise<void> {
    if (input.picture_id !== null && !(await isPublicUpload(this.db, input.picture_id))) {
      throw new ApiError('validation_failed', { picture_id: ['bo.redpacket.v.picture'] });
    }
  }

  async create(input: RoundInput, staff: { staffId: number; ip: string }): Promise<number> {
    const values = roundValues(input);
    await this.assertPicture(input);
    const amounts = drawPackets(values.poolMinor, values.packetCount, values.minPacketMinor, values.maxPacketMinor);
    return this.db.transaction(async (tx) => {
      const round = await repo.insertRound(tx, { ...values, createdBy: staff.staffId }, amounts);
      await recordAudit(tx, {
        staffId: staff.staffId,
        action: 'redpacket.round.create',
        target: `red_packet_round:${round.id}`,
        before: null,
        after: { ...input },
        detail: { title: input.title },
        ip: staff.ip,
      });
      return round.id;
    });
  }

  async update(id: number, input: RoundInput, staff: { staffId: number; ip: string }): Promise<void> {
    const values = roundValues(input);
    await this.assertPicture(input);
    const amounts = drawPackets(values.poolMinor, values.packetCount, values.minPacketMinor, values.maxPacketMinor);
    await this.db.transaction(async (tx) => {
      const was = await repo.roundById(tx, id);
      if (!(await repo.replaceRound(tx, id, values, amounts))) {
        throw new ApiError(was ? 'red_packet_locked' : 'not_found');
      }
      const change = changedFields(roundAudit(was!), roundAudit((await repo.roundById(tx, id))!));
      await recordAudit(tx, {
        staffId: staff.staffId,
        action: 'redpacket.round.update',
        target: `red_packet_round:${id}`,
        ...change,
        detail: { title: input.title },
        ip: staff.ip,
      });
    });
    this.roundCache.delete(id);
  }

  async cancel(id: number, staff: { staffId: number; ip: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const was = await repo.roundById(tx, id);
      if (!(await repo.cancelRound(tx, id))) throw new ApiError(was ? 'red_packet_locked' : 'not_found');
      await recordAudit(tx, {
        staffId: staff.staffId,
        action: 'redpacket.round.cancel',
        target: `red_packet_round:${id}`,
        before: { status: was?.status ?? null },
        after: { status: 'cancelled' },
        detail: { title: was?.title ?? '' },
        ip: staff.ip,
      });
    });
    this.live = undefined;
    this.roundCache.delete(id);
  }

  /** The job: publishes show-redEnvelope for rounds that opened and close-redEnvelope for those that ended or ran out, once each. */
  async tick(): Promise<{ opened: number[]; closed: number[] }> {
    const opened = await repo.markOpened(this.db);
    for (const id of opened) this.publish.toSystem('show-redEnvelope', { redEnvelopeId: id });
    const closed = await repo.markClosed(this.db);
    for (const id of closed) this.publish.toSystem('close-redEnvelope', { redEnvelopeId: id });
    if (opened.length || closed.length) this.live = undefined;
    return { opened, closed };
  }

  async rounds(page: number, pageSize: number): Promise<{ data: RoundView[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await repo.listRounds(this.db, pageSize, offsetOf({ page, pageSize }));
    const counts = await repo.roundCounts(
      this.db,
      rows.map((r) => r.id),
    );
    const now = this.now();
    return {
      total,
      page,
      pageSize,
      data: rows.map((r) => {
        const c = counts.get(r.id) ?? { claimed: 0, remaining: 0, paidMinor: 0n, pending: 0 };
        const state =
          r.status === 'cancelled'
            ? ('cancelled' as const)
            : now < r.startsAt.getTime()
              ? ('upcoming' as const)
              : now >= r.endsAt.getTime()
                ? ('ended' as const)
                : c.remaining === 0
                  ? ('sold_out' as const)
                  : ('live' as const);
        return {
          id: r.id,
          title: r.title,
          title_en: r.titleEn,
          starts_at: r.startsAt.toISOString(),
          ends_at: r.endsAt.toISOString(),
          pool: minorToDecimal(r.poolMinor),
          packet_count: r.packetCount,
          min_packet: minorToDecimal(r.minPacketMinor),
          max_packet: minorToDecimal(r.maxPacketMinor),
          min_level: r.minLevel,
          lookback_days: r.lookbackDays,
          min_deposit: minorToDecimal(r.minDepositMinor),
          min_valid_bet: minorToDecimal(r.minValidBetMinor),
          flow_multiple: r.flowMultiple,
          approval_ceiling: minorToDecimal(r.approvalCeilingMinor),
          position: r.position === 'left' ? ('left' as const) : ('right' as const),
          picture_id: r.pictureId,
          picture: r.pictureId ? this.pictureUrl(r.pictureId) : null,
          show_page_type: r.showPageType === 1 ? (1 as const) : (0 as const),
          status: r.status,
          state,
          claimed: c.claimed,
          remaining: c.remaining,
          paid: minorToDecimal(c.paidMinor),
          pending: c.pending,
        };
      }),
    };
  }

  async claims(filter: { status?: string; roundId?: number }, page: number, pageSize: number) {
    const { rows, total } = await repo.listClaims(this.db, filter, pageSize, offsetOf({ page, pageSize }));
    return {
      total,
      page,
      pageSize,
      data: rows.map(({ packet: p, account, title }) => ({
        id: p.id,
        round_id: p.roundId,
        round_title: title,
        player_id: p.playerId!,
        account,
        amount: minorToDecimal(p.amountMinor),
        status: p.status as 'pending' | 'approved' | 'rejected',
        claimed_at: (p.claimedAt ?? new Date(0)).toISOString(),
        reviewed_at: p.reviewedAt?.toISOString() ?? null,
        reviewed_by: p.reviewedBy,
        reason: p.reason,
        wallet_id: p.walletId,
      })),
    };
  }
}
