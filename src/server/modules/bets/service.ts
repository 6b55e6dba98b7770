// Bet records: pulled from every provider's bet log by cursor, stored idempotently (a re-pulled record
// changes nothing, a corrected one replaces the old with its history kept), valid bet computed per game
// type, activity-wallet bet progress advanced, and each bet's money mirrored in the ledger so the platform
// wallet there keeps agreeing with the provider's.
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { GameProvider, ProviderBet } from '../../integrations/games/provider.ts';
import { ProviderError } from '../../integrations/games/provider.ts';
import { LedgerError, postJournals, type JournalInput } from '../../ledger/ledger.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import * as repo from './repository.ts';
import type { WalletFacts } from './wallet-facts.ts';
import type { EventPublisher, PublishedEvent } from '../../lib/events.ts';
import type { BetsEvents } from './events.ts';
import { netEffectMinor, validBetMinor } from './valid-bet.ts';
import { DailyDeltas, applyDailyDeltas } from './daily.ts';
import { minorToDecimal, decimalToMinor } from '../../../shared/money.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import type { BetRecordsView } from '../../../shared/schemas/bets.ts';
import type { TurnoverAnswer, TurnoverQuery } from '../../../shared/schemas/turnover.ts';
import type { RequirementView } from '../../../shared/schemas/cashier.ts';
import { DAY_MS, startOfTaipeiDate } from '../../../shared/time.ts';
import { START_END_FIELDS, dayRange } from '../../lib/record-days.ts';

/** The back office asks for bets of any date: before the site existed and after this century are not asked for. */
const EARLIEST = new Date('2000-01-01T00:00:00Z');
const LATEST = new Date('2100-01-01T00:00:00Z');

/**
 * A player's valid bet since a moment: the turnover that the cashier's withdrawal requirements count. Read on the
 * caller's connection, so the cashier can ask inside the transaction that holds its player lock.
 */
export function validBetSince(db: DbOrTx, playerId: number, since: Date): Promise<bigint> {
  return repo.validBetSince(db, playerId, since);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const left = (target: bigint, done: bigint) => (done >= target ? 0n : target - done);
const sumOf = (list: string[]) => list.reduce((a, d) => a + (decimalToMinor(d) ?? 0n), 0n);

/** Records asked for per page, and pages read per platform in one run, so one run stays short. */
const PAGE_SIZE = 500;
const MAX_PAGES_PER_RUN = 20;
/** Ledger journals written per postLedger call, in one transaction (at most MAX_BATCH_JOURNALS). */
const LEDGER_BATCH = 500;

export interface IngestResult {
  code: string;
  pages: number;
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  unknownPlayer: number;
  error?: string;
}

export class BetsService {
  private readonly db: Db;
  /** Where record lists are read: the read replica when it may serve (db/reader.ts), else the primary. */
  private readonly reader: Db;
  private readonly provider: GameProvider;
  private readonly accounts: AccountDirectory;
  private readonly publish: Publisher;
  /** Where bets.ingested goes once after each run that changed bets, with those players (VIP points and levels, referrals). */
  private readonly events: EventPublisher<BetsEvents> | undefined;
  /** The wallet's players' platform bindings and activity wallets (its player-platform-facts.ts, given by app.ts). */
  private readonly walletFacts: WalletFacts;

  constructor(deps: {
    db: Db;
    reader?: Db;
    provider: GameProvider;
    accounts: AccountDirectory;
    publish: Publisher;
    walletFacts: WalletFacts;
    events?: EventPublisher<BetsEvents>;
  }) {
    this.db = deps.db;
    this.walletFacts = deps.walletFacts;
    this.reader = deps.reader ?? deps.db;
    this.events = deps.events;
    this.provider = deps.provider;
    this.accounts = deps.accounts;
    this.publish = deps.publish;
  }

  // ---- reading bets --------------------------------------------------------------------------------

  /** A player's bets in a record date range (GET /players/bet/records), paged, with the range's totals. */
  async records(playerId: number, q: { code?: string; wallet_id?: string; start?: string; end?: string } & Paging): Promise<BetRecordsView> {
    const { from, to } = dayRange(q.start, q.end, START_END_FIELDS);
    const { rows, totals } = await repo.betsOf(this.reader, {
      playerId,
      code: q.code || undefined,
      walletId: q.wallet_id === undefined || q.wallet_id === '' ? undefined : Number(q.wallet_id),
      from,
      to,
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    const stake = BigInt(totals.stake);
    const payout = BigInt(totals.payout);
    return {
      data: rows.map((b) => ({
        id: b.id,
        bet_id: b.betId,
        code: b.gpCode,
        game: b.game,
        game_type: b.gameType,
        stake: minorToDecimal(b.stakeMinor),
        payout: minorToDecimal(b.status === 'settled' ? b.payoutMinor : 0n),
        win_loss: minorToDecimal(b.status === 'settled' ? b.payoutMinor - b.stakeMinor : b.status === 'open' ? -b.stakeMinor : 0n),
        valid_bet: minorToDecimal(b.validBetMinor),
        status: b.status,
        wallet_id: b.bonusWalletId ?? 0,
        placed_at: b.placedAt.toISOString(),
        settled_at: b.settledAt?.toISOString() ?? null,
      })),
      total: totals.n,
      totals: {
        stake: minorToDecimal(stake),
        payout: minorToDecimal(payout),
        valid_bet: minorToDecimal(BigInt(totals.valid)),
        win_loss: minorToDecimal(payout - stake),
      },
    };
  }

  /**
   * The turnover record: valid bet per Taipei day and game group, the progress against the withdrawal requirement
   * (the cashier's own allocation, `requirements`, as GET /finance/withdraw/limit/records shows it) and each active
   * activity wallet's bet-flow target.
   */
  async turnover(playerId: number, q: TurnoverQuery, requirements: RequirementView[]): Promise<TurnoverAnswer> {
    const { from, to } = dayRange(q.date_start, q.date_end);
    const [days, wallets] = await Promise.all([
      repo.validBetByDay(this.reader, { playerId, from, to, limit: q.pageSize, offset: offsetOf(q) }),
      this.walletFacts.activeBonusWallets(this.db, playerId),
    ]);
    const required = sumOf(requirements.map((r) => r.required));
    const achieved = sumOf(requirements.map((r) => r.achieved));
    return {
      data: days.rows.map((r) => ({ date: r.day, game_type: r.gameType, bets: r.bets, valid_bet: minorToDecimal(r.validMinor) })),
      total: days.groups,
      total_valid_bet: minorToDecimal(days.validMinor),
      withdraw: {
        required: minorToDecimal(required),
        achieved: minorToDecimal(achieved),
        remaining: minorToDecimal(left(required, achieved)),
        done: requirements.every((r) => r.done),
        deposits: requirements.length,
      },
      wallets: wallets.map((w) => ({
        id: w.id,
        name: w.name,
        name_en: w.nameEn,
        target: minorToDecimal(w.target),
        achieved: minorToDecimal(w.achieved),
        remaining: minorToDecimal(left(w.target, w.achieved)),
        done: w.achieved >= w.target,
      })),
    };
  }

  /** A player's win or loss on the bets settled since a moment, for finance's review of a withdrawal. */
  settledSince(playerId: number, since: Date) {
    return repo.settledSince(this.db, playerId, since);
  }

  /** A player's bets for the back office: any dates (Taipei days, both ends optional), paged, with totals. */
  async staffRecords(playerId: number, q: Paging & { code?: string; start?: string; end?: string }) {
    const from = q.start ? startOfTaipeiDate(q.start) : EARLIEST;
    const to = q.end ? new Date(startOfTaipeiDate(q.end).getTime() + DAY_MS - 1) : LATEST;
    const { rows, totals } = await repo.betsOf(this.reader, { playerId, code: q.code || undefined, from, to, limit: q.pageSize, offset: offsetOf(q) });
    return {
      data: rows.map((b) => ({
        id: b.id,
        gp_code: b.gpCode,
        bet_id: b.betId,
        game: b.game,
        game_type: b.gameType,
        status: b.status,
        stake: minorToDecimal(b.stakeMinor),
        payout: minorToDecimal(b.payoutMinor),
        valid_bet: minorToDecimal(b.validBetMinor),
        /** What the player won (+) or lost (−) on a settled bet; nothing yet on an open one, nothing at all on a void one. */
        win_loss: b.status === 'settled' ? minorToDecimal(b.payoutMinor - b.stakeMinor) : b.status === 'void' ? '0.00' : null,
        wallet: b.bonusWalletId ? `bonus:${b.bonusWalletId}` : 'central',
        placed_at: iso(b.placedAt),
        settled_at: iso(b.settledAt),
      })),
      total: totals.n,
      page: q.page,
      pageSize: q.pageSize,
      totals: {
        count: totals.n,
        stake: minorToDecimal(BigInt(totals.stake)),
        payout: minorToDecimal(BigInt(totals.payout)),
        valid_bet: minorToDecimal(BigInt(totals.valid)),
      },
    };
  }

  /** Pulls one provider's bet log from the saved cursor until it is caught up (or the run's page limit). */
  async ingest(code: string, maxPages = MAX_PAGES_PER_RUN): Promise<IngestResult> {
    const result: IngestResult = { code, pages: 0, received: 0, inserted: 0, updated: 0, unchanged: 0, unknownPlayer: 0 };
    let cursor = await repo.cursorOf(this.db, code);
    const touched = new Set<number>();
    const announced: Array<PublishedEvent | undefined> = [];
    for (let page = 0; page < maxPages; page++) {
      let log;
      try {
        log = await this.provider.betLog(code, cursor, PAGE_SIZE);
      } catch (err) {
        // A page that fails leaves the cursor where it was: the next run reads the same records again.
        result.error = err instanceof ProviderError ? err.code : 'UNKNOWN';
        // A provider that no longer knows our cursor (its log was rebuilt) is read again from the start;
        // re-reading is safe because stored records only ever move to higher versions.
        if (result.error === 'INVALID_CURSOR') await repo.saveCursor(this.db, code, '', result.error);
        else await repo.saveIngestionError(this.db, code, result.error);
        break;
      }
      result.pages++;
      result.received += log.bets.length;
      const bindings = await this.walletFacts.bindingsOf(this.db, code, [...new Set(log.bets.map((b) => b.player))]);
      const byPlayer = new Map(bindings.map((b) => [b.providerPlayer, b]));
      const known: Array<{ bet: ProviderBet; playerId: number; bonusWalletId: number | null }> = [];
      for (const bet of log.bets) {
        const binding = byPlayer.get(bet.player);
        if (binding) known.push({ bet, playerId: binding.playerId, bonusWalletId: binding.bonusWalletId ?? null });
        else result.unknownPlayer++;
      }
      // Ledger accounts are found (or opened) on the directory's own connection before the transaction.
      const accounts = await this.ledgerAccounts(
        code,
        known.map((k) => k.playerId),
      );
      // One transaction per page: the records, their journals and the cursor move together, so a crash
      // or a failure anywhere in the page loses and repeats nothing; the next run reads the page again.
      await this.db.transaction(async (tx) => {
        const counts = await this.storePage(tx, code, known);
        result.inserted += counts.inserted;
        result.updated += counts.updated;
        result.unchanged += counts.unchanged;
        for (const playerId of counts.touched) touched.add(playerId);
        await this.postDue(tx, await repo.ledgerDueAmong(tx, code, counts.betIds), accounts);
        await repo.saveCursor(tx, code, log.nextCursor);
        // The page's players are announced with the page, so a crash after its commit loses no points or levels.
        if (counts.touched.size) announced.push(await this.events?.publish(tx, 'bets.ingested', { playerIds: [...counts.touched] }));
      });
      cursor = log.nextCursor;
      if (!log.hasMore) break;
    }
    await this.postLedger();
    await this.events?.deliver(...announced);
    for (const playerId of touched) this.publish.toPlayer(playerId, 'update-user');
    return result;
  }

  /**
   * Stores one page with a handful of statements whatever its size. A bet may appear more than once in a
   * page: an occurrence whose version is not above the last one seen changes nothing (as if stored and
   * re-read), and the rest are applied in rounds, the k-th round holding each bet's k-th newer version, so
   * every replaced version reaches the history exactly as one-by-one storing would leave it.
   */
  private async storePage(tx: Tx, code: string, page: PageItem[]) {
    const out: PageCounts = { inserted: 0, updated: 0, unchanged: 0, touched: new Set<number>(), betIds: [] };
    const rounds = pageRounds(page, out);
    const progress = new Map<number, bigint>();
    // The reports' daily aggregates move with the records, in this transaction.
    const daily = new DailyDeltas();
    const addProgress = (walletId: number | null, delta: bigint) => {
      if (walletId && delta !== 0n) progress.set(walletId, (progress.get(walletId) ?? 0n) + delta);
    };
    for (const round of rounds) await storeRound(tx, code, round, { out, daily, addProgress });
    // Ascending wallet ids, so two writers cannot deadlock on wallet rows.
    for (const [walletId, delta] of [...progress].sort((a, b) => a[0] - b[0])) {
      if (delta !== 0n) await this.walletFacts.addBonusProgress(tx, walletId, delta);
    }
    await applyDailyDeltas(tx, daily);
    return out;
  }

  /** The platform account and the house shard of each player, by player id. */
  private async ledgerAccounts(code: string, playerIds: number[]): Promise<Map<string, { platform: number; house: number }>> {
    const out = new Map<string, { platform: number; house: number }>();
    await Promise.all(
      [...new Set(playerIds)].map(async (playerId) => {
        const [platform, house] = await Promise.all([this.accounts.playerAccount(playerId, 'platform', code), this.accounts.houseAccount('game', playerId)]);
        out.set(`${code}:${playerId}`, { platform, house });
      }),
    );
    return out;
  }

  /**
   * Writes the journals the given records still owe, in the caller's transaction: each moves the difference
   * between what the ledger holds for the bet and the bet's current effect, between the player's platform
   * account and the house. All of them go in one batch; a stake whose funding transfer has not settled here
   * yet is refused without disturbing the others and waits, its record still due.
   */
  private async postDue(tx: Tx, due: repo.BetRow[], accounts: Map<string, { platform: number; house: number }>): Promise<{ posted: number; waiting: number }> {
    const journals: JournalInput[] = [];
    const owed: Array<{ bet: repo.BetRow; net: bigint; journal: number | null }> = [];
    for (const bet of due) {
      const net = netEffectMinor({ stakeMinor: bet.stakeMinor, payoutMinor: bet.payoutMinor, status: bet.status as ProviderBet['status'] });
      const delta = net - bet.ledgerNetMinor;
      if (delta === 0n) {
        owed.push({ bet, net, journal: null });
        continue;
      }
      const acc = accounts.get(`${bet.gpCode}:${bet.playerId}`);
      if (!acc) throw new Error(`bets: no ledger accounts looked up for player ${bet.playerId} at ${bet.gpCode}`);
      owed.push({ bet, net, journal: journals.length });
      journals.push({
        kind: 'game_result',
        idempotencyKey: `bet:${bet.gpCode}:${bet.betId}:v${bet.version}`,
        request: { betId: bet.betId, version: bet.version, delta: delta.toString() },
        playerId: bet.playerId,
        ref: bet.betId,
        memo: `${bet.gpCode} ${bet.game} ${bet.status}`,
        postings: [
          { accountId: acc.platform, amountMinor: delta },
          { accountId: acc.house, amountMinor: -delta },
        ],
      });
    }
    const results = await postJournals(tx, journals);
    const posted: Array<{ id: number; version: number; netMinor: bigint }> = [];
    let waiting = 0;
    for (const { bet, net, journal } of owed) {
      const r = journal === null ? undefined : results[journal];
      if (r instanceof LedgerError) {
        if (r.code !== 'insufficient_funds') throw r;
        waiting++;
        continue;
      }
      posted.push({ id: bet.id, version: bet.version, netMinor: net });
    }
    await repo.markPostedMany(tx, posted);
    return { posted: posted.length, waiting };
  }

  /** Writes the journals every stored record still owes (oldest first, up to limit), in one transaction. */
  async postLedger(limit = LEDGER_BATCH): Promise<{ posted: number; waiting: number }> {
    const due = await repo.ledgerDue(this.db, limit);
    if (!due.length) return { posted: 0, waiting: 0 };
    const accounts = new Map<string, { platform: number; house: number }>();
    for (const code of new Set(due.map((b) => b.gpCode))) {
      for (const [k, v] of await this.ledgerAccounts(
        code,
        due.filter((b) => b.gpCode === code).map((b) => b.playerId),
      ))
        accounts.set(k, v);
    }
    return this.db.transaction((tx) => this.postDue(tx, due, accounts));
  }

  /** One run over every provider code. */
  async ingestAll(codes: string[]): Promise<IngestResult[]> {
    const out: IngestResult[] = [];
    for (const code of codes) out.push(await this.ingest(code));
    return out;
  }
}

/** A provider's record with the player it belongs to and that player's bonus wallet on the platform. */
type PageItem = { bet: ProviderBet; playerId: number; bonusWalletId: number | null };

/** What storing a page did: counts, the players whose records changed, and the page's distinct bet ids. */
interface PageCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  touched: Set<number>;
  betIds: string[];
}

/**
 * A page's records in rounds, the k-th round holding each bet's k-th newer version; an occurrence whose version is
 * not above the last one seen in the page counts as unchanged. Sets `out.betIds` to the page's distinct bets.
 */
function pageRounds(page: PageItem[], out: PageCounts): PageItem[][] {
  const lastVersion = new Map<string, number>();
  const rounds: PageItem[][] = [];
  const roundOf = new Map<string, number>();
  for (const item of page) {
    const seen = lastVersion.get(item.bet.betId);
    if (seen !== undefined && item.bet.version <= seen) {
      out.unchanged++;
      continue;
    }
    lastVersion.set(item.bet.betId, item.bet.version);
    const round = (roundOf.get(item.bet.betId) ?? -1) + 1;
    roundOf.set(item.bet.betId, round);
    (rounds[round] ??= []).push(item);
  }
  out.betIds = [...lastVersion.keys()];
  return rounds;
}

/**
 * One round of a page: new bets inserted, newer versions of stored ones replacing them (the old version to the
 * history), with the bonus wagering progress and the daily aggregates each change moves.
 */
async function storeRound(
  tx: Tx,
  code: string,
  round: PageItem[],
  acc: { out: PageCounts; daily: DailyDeltas; addProgress: (walletId: number | null, delta: bigint) => void },
): Promise<void> {
  const { out, daily, addProgress } = acc;
  const stored = new Map(
    (
      await repo.betsForUpdate(
        tx,
        code,
        round.map((r) => r.bet.betId),
      )
    ).map((b) => [b.betId, b]),
  );
  const inserts: Parameters<typeof repo.insertBets>[1] = [];
  const changes: Parameters<typeof repo.replaceBets>[1] = [];
  for (const { bet, playerId, bonusWalletId } of round) {
    const valid = validBetMinor(bet);
    const existing = stored.get(bet.betId);
    if (!existing) {
      inserts.push({ gpCode: code, betId: bet.betId, playerId, bonusWalletId, ...betVersion(bet, valid) });
      if (valid > 0n) addProgress(bonusWalletId, valid);
      daily.add({ ...inserts.at(-1)!, validBetMinor: valid, settledAt: bet.settledAt }, 1);
      out.inserted++;
      out.touched.add(playerId);
      continue;
    }
    // Same or older version: already known. A provider's correction always carries a higher version.
    if (bet.version <= existing.version) {
      out.unchanged++;
      continue;
    }
    changes.push({ old: existing, next: betVersion(bet, valid) });
    addProgress(existing.bonusWalletId, valid - existing.validBetMinor);
    daily.add(existing, -1);
    daily.add({ ...existing, ...changes.at(-1)!.next, settledAt: bet.settledAt }, 1);
    out.updated++;
    out.touched.add(existing.playerId);
  }
  await repo.insertBets(tx, inserts);
  await repo.replaceBets(tx, changes);
}

/** The columns of a record that a provider's newer version replaces. */
function betVersion(bet: ProviderBet, validBetMinor: bigint) {
  return {
    game: bet.game,
    gameType: bet.gameType,
    stakeMinor: bet.stakeMinor,
    payoutMinor: bet.payoutMinor,
    validBetMinor,
    status: bet.status,
    version: bet.version,
    detail: bet.detail,
    placedAt: bet.placedAt,
    settledAt: bet.settledAt,
  };
}
