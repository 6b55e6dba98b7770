// Bet records: pulled from every provider's bet log by cursor, stored idempotently (a re-pulled record
// changes nothing, a corrected one replaces the old with its history kept), valid bet computed per game
// type, activity-wallet bet progress advanced, and each bet's money mirrored in the ledger so the platform
// wallet there keeps agreeing with the provider's.
import type { Db } from '../../db/client.ts';
import type { GameProvider, ProviderBet } from '../../integrations/games/provider.ts';
import { ProviderError } from '../../integrations/games/provider.ts';
import { LedgerError, postJournal } from '../../ledger/ledger.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import * as repo from './repository.ts';
import { netEffectMinor, validBetMinor } from './valid-bet.ts';

/** Records asked for per page, and pages read per platform in one run, so one run stays short. */
export const PAGE_SIZE = 500;
export const MAX_PAGES_PER_RUN = 20;
/** Ledger journals written per run. */
export const LEDGER_BATCH = 500;

export interface IngestResult { code: string; pages: number; received: number; inserted: number; updated: number; unchanged: number; unknownPlayer: number; error?: string }

export class BetsService {
  private readonly db: Db;
  private readonly provider: GameProvider;
  private readonly accounts: AccountDirectory;
  private readonly publish: Publisher;
  /** Runs once after each ingested batch with the players whose bets changed (VIP points and levels; set by the app). */
  afterBatch: ((playerIds: number[]) => Promise<void>) | undefined;

  constructor(deps: { db: Db; provider: GameProvider; accounts: AccountDirectory; publish: Publisher }) {
    this.db = deps.db;
    this.provider = deps.provider;
    this.accounts = deps.accounts;
    this.publish = deps.publish;
  }

  /** Pulls one provider's bet log from the saved cursor until it is caught up (or the run's page limit). */
  async ingest(code: string, maxPages = MAX_PAGES_PER_RUN): Promise<IngestResult> {
    const result: IngestResult = { code, pages: 0, received: 0, inserted: 0, updated: 0, unchanged: 0, unknownPlayer: 0 };
    let cursor = await repo.cursorOf(this.db, code);
    const touched = new Set<number>();
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
      const bindings = await repo.bindingsOf(this.db, code, [...new Set(log.bets.map((b) => b.player))]);
      const byPlayer = new Map(bindings.map((b) => [b.providerPlayer, b]));
      await this.db.transaction(async (tx) => {
        for (const bet of log.bets) {
          const binding = byPlayer.get(bet.player);
          if (!binding) {
            result.unknownPlayer++;
            continue;
          }
          const outcome = await this.store(tx, code, bet, binding.playerId, binding.bonusWalletId ?? null);
          result[outcome]++;
          if (outcome !== 'unchanged') touched.add(binding.playerId);
        }
        // The records and the cursor move together, so a crash between pages loses and repeats nothing.
        await repo.saveCursor(tx, code, log.nextCursor);
      });
      cursor = log.nextCursor;
      if (!log.hasMore) break;
    }
    await this.postLedger();
    if (touched.size && this.afterBatch) await this.afterBatch([...touched]);
    for (const playerId of touched) this.publish.toPlayer(playerId, 'update-user');
    return result;
  }

  private async store(tx: Parameters<Parameters<Db['transaction']>[0]>[0], code: string, bet: ProviderBet, playerId: number, bonusWalletId: number | null): Promise<'inserted' | 'updated' | 'unchanged'> {
    const valid = validBetMinor(bet);
    const existing = await repo.betForUpdate(tx, code, bet.betId);
    if (!existing) {
      await repo.insertBet(tx, {
        gpCode: code, betId: bet.betId, playerId, game: bet.game, gameType: bet.gameType, stakeMinor: bet.stakeMinor,
        payoutMinor: bet.payoutMinor, validBetMinor: valid, status: bet.status, version: bet.version, bonusWalletId,
        detail: bet.detail, placedAt: bet.placedAt, settledAt: bet.settledAt,
      });
      if (bonusWalletId && valid > 0n) await repo.addBonusProgress(tx, bonusWalletId, valid);
      return 'inserted';
    }
    // Same or older version: already known. A provider's correction always carries a higher version.
    if (bet.version <= existing.version) return 'unchanged';
    await repo.replaceBet(tx, existing, {
      game: bet.game, gameType: bet.gameType, stakeMinor: bet.stakeMinor, payoutMinor: bet.payoutMinor, validBetMinor: valid,
      status: bet.status, version: bet.version, detail: bet.detail, placedAt: bet.placedAt, settledAt: bet.settledAt,
    });
    const delta = valid - existing.validBetMinor;
    if (existing.bonusWalletId && delta !== 0n) await repo.addBonusProgress(tx, existing.bonusWalletId, delta);
    return 'updated';
  }

  /**
   * Writes the journals the stored records still owe: each moves the difference between what the ledger
   * holds for the bet and the bet's current effect, between the player's platform account and the house.
   */
  async postLedger(limit = LEDGER_BATCH): Promise<{ posted: number; waiting: number }> {
    let posted = 0;
    let waiting = 0;
    for (const bet of await repo.ledgerDue(this.db, limit)) {
      const net = netEffectMinor({ stakeMinor: bet.stakeMinor, payoutMinor: bet.payoutMinor, status: bet.status as ProviderBet['status'] });
      const delta = net - bet.ledgerNetMinor;
      const [platformAcc, house] = await Promise.all([
        this.accounts.playerAccount(bet.playerId, 'platform', bet.gpCode), this.accounts.houseAccount('game', bet.playerId),
      ]);
      try {
        await this.db.transaction(async (tx) => {
          if (delta !== 0n) {
            await postJournal(tx, {
              kind: 'game_result', idempotencyKey: `bet:${bet.gpCode}:${bet.betId}:v${bet.version}`,
              request: { betId: bet.betId, version: bet.version, delta: delta.toString() }, playerId: bet.playerId,
              ref: bet.betId, memo: `${bet.gpCode} ${bet.game} ${bet.status}`,
              legs: [{ accountId: platformAcc, amountMinor: delta }, { accountId: house, amountMinor: -delta }],
            });
          }
          await repo.markPosted(tx, bet.id, bet.version, net);
        });
        posted++;
      } catch (err) {
        // A stake can reach us before the transfer that funded it has settled here; it waits for that.
        if (err instanceof LedgerError && err.code === 'insufficient_funds') waiting++;
        else throw err;
      }
    }
    return { posted, waiting };
  }

  /** One run over every provider code. */
  async ingestAll(codes: string[]): Promise<IngestResult[]> {
    const out: IngestResult[] = [];
    for (const code of codes) out.push(await this.ingest(code));
    return out;
  }
}
