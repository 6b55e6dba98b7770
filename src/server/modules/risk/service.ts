// Duplicate accounts and withdrawal risk. Signals arrive from other domains' events after their commits
// (registration, login, card binding, personal info, deposits) and are recorded best-effort: a failure is logged by
// the event bus and never reaches the player. A signal value new to the player rescores the player against everyone
// who showed the same value, and the player's linked group is recomputed then and there. Every withdrawal request is
// scored by the named rules; the decision is stored with its inputs and the finance desk reads it in its review.
import * as v from 'valibot';
import type { Db, DbOrTx } from '../../db/client.ts';
import { latestPostings } from '../../ledger/read.ts';
import { accountNames } from '../auth/player-facts.ts';
import { depositTotals, failedDepositsSince } from '../cashier/deposit-facts.ts';
import { validBetSince } from '../bets/service.ts';
import {
  DEFAULT_RISK_SETTINGS,
  riskSettingsSchema,
  SIGNAL_KINDS,
  type RiskDecision,
  type RiskSettings,
  type SignalKind,
  type SignalSource,
} from '../../../shared/schemas/risk/settings.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { BONUS_GRANT_KINDS } from '../../../shared/journal-kinds.ts';
import { hashSignal, normaliseSignals, signalKey } from './signals.ts';
import type { RiskMetrics } from './metrics.ts';
import { decide, evaluateRules, type WithdrawalFacts } from './rules.ts';
import { linkedPlayerIds, playersInLinkedGroups } from './link-facts.ts';
import * as repo from './repository.ts';
import type { WithdrawalRiskGate } from '../../lib/risk-gate.ts';

const HOUR_MS = 3_600_000;
/** Journal kinds that bring promotion money into a player's wallets (the bonus-heavy rule's numerator). */
/** Bonus postings the rule sums at most; far beyond a real player's month. */
const BONUS_POSTINGS_MAX = 500;
/** Earlier withdrawals the history rules look at. */
const HISTORY_MAX = 20;
/** Pairs (and players) one rescoring step reads and writes at once. */
const RESCORE_BATCH = 500;
/** Other holders of a card the reason names at most. */
const CARD_HOLDERS_MAX = 10;

/** What a domain saw of a player, in clear; risk normalises and hashes it. */
export interface SeenSignals {
  ip?: string;
  device?: string;
  phone?: string | null;
  card?: string;
  realName?: string;
  birthday?: string;
  payer?: string;
}

/** A withdrawal as the cashier requested it, after its commit. */
export interface WithdrawalRequest {
  withdrawalId: string;
  playerId: number;
  amountMinor: bigint;
  cardNumber: string;
}

export class RiskService implements WithdrawalRiskGate {
  private readonly db: Db;
  private readonly key: Buffer;
  private readonly metrics: RiskMetrics | undefined;

  constructor(deps: { db: Db; serverKey: Buffer; metrics?: RiskMetrics }) {
    this.db = deps.db;
    this.key = signalKey(deps.serverKey);
    this.metrics = deps.metrics;
  }

  // ---- settings -------------------------------------------------------------------------------------

  /** The operator's settings, or the defaults until they are first saved (a stored row that no longer parses falls back too). */
  async settings(db: DbOrTx = this.db): Promise<{ settings: RiskSettings; updatedAt: Date | null }> {
    const row = await repo.settingsRow(db);
    const parsed = row ? v.safeParse(riskSettingsSchema, row.config) : undefined;
    return parsed?.success ? { settings: parsed.output, updatedAt: row!.updatedAt } : { settings: DEFAULT_RISK_SETTINGS, updatedAt: null };
  }

  // ---- signals and links ----------------------------------------------------------------------------

  /** Records what was seen of a player and rescoring the pairs any new value touches; answers the kinds that were new. */
  /**
   * Records what a player showed. `eventId`, the outbox event that told it, makes a second delivery of that event
   * change nothing (repository.upsertSignal).
   */
  async record(playerId: number, source: SignalSource, seen: SeenSignals, eventId?: number): Promise<SignalKind[]> {
    const values = normaliseSignals(seen);
    // A fingerprint that was sent but is not one is left out, counted and logged (risk/metrics.ts says why it is not refused).
    if (seen.device?.trim() && !values.device) this.metrics?.deviceDropped(source, seen.device.length);
    const fresh: Array<{ kind: SignalKind; hash: string }> = [];
    for (const kind of SIGNAL_KINDS) {
      const value = values[kind];
      if (value === undefined) continue;
      const hash = hashSignal(this.key, kind, value);
      if (await repo.upsertSignal(this.db, { playerId, kind, valueHash: hash, source, eventId })) fresh.push({ kind, hash });
    }
    // A value the player showed before changes no pair: logins from the usual device cost one write each.
    if (fresh.length) await this.rescore(playerId, fresh);
    return fresh.map((f) => f.kind);
  }

  /** Scores the player against every player sharing one of the new values, then recomputes the groups they are in. */
  private async rescore(playerId: number, fresh: Array<{ kind: SignalKind; hash: string }>): Promise<void> {
    const { settings } = await this.settings();
    const others = new Set<number>();
    for (const f of fresh) for (const p of await repo.playersSharing(this.db, f.kind, f.hash, playerId)) others.add(p);
    if (!others.size) return;
    for (const other of others) {
      const kinds = await repo.sharedKinds(this.db, playerId, other);
      const score = kinds.reduce((sum, k) => sum + settings.weights[k], 0);
      await repo.upsertLink(this.db, playerId, other, score, kinds);
    }
    await this.regroup([playerId, ...others], settings.link_threshold);
  }

  /** Recomputes the groups of these players (each player's connected component) under one lock. */
  private async regroup(seeds: number[], threshold: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockGroups(tx);
      const done = new Set<number>();
      for (const seed of seeds) {
        if (done.has(seed)) continue;
        const members = await repo.component(tx, seed, threshold);
        for (const m of members) done.add(m);
        if (members.length < 2) await repo.leaveGroups(tx, [seed]);
        else await repo.setGroup(tx, members, Math.min(...members));
      }
    });
  }

  /**
   * After the weights or the link threshold changed: every pair's score again from the kinds it shares, then every
   * linked player's group, both walked in bounded batches in key order (each batch its own short transaction, so
   * signals arriving meanwhile are not held up). Answers how many pairs changed score.
   */
  async rescoreAll(): Promise<number> {
    const { settings } = await this.settings();
    let changed = 0;
    let last: [number, number] = [0, 0];
    for (;;) {
      const batch = await repo.linksAfter(this.db, last[0], last[1], RESCORE_BATCH);
      for (const l of batch) {
        const score = l.signals.reduce((sum, k) => sum + settings.weights[k], 0);
        if (score !== l.score) {
          await repo.setLinkScore(this.db, l.playerA, l.playerB, score);
          changed += 1;
        }
      }
      if (batch.length < RESCORE_BATCH) break;
      last = [batch[batch.length - 1]!.playerA, batch[batch.length - 1]!.playerB];
    }
    for (let after = 0; ;) {
      const players = await repo.linkedPlayersAfter(this.db, after, RESCORE_BATCH);
      if (players.length) await this.regroup(players, settings.link_threshold);
      if (players.length < RESCORE_BATCH) break;
      after = players[players.length - 1]!;
    }
    return changed;
  }

  /** Marks a pair confirmed (one person) or cleared (unrelated) and recomputes both players' groups. */
  async reviewLinkInTx(tx: DbOrTx, a: number, b: number, patch: { status: 'confirmed' | 'cleared'; reason: string; staffId: number }) {
    const before = await repo.linkOf(tx, a, b, true);
    if (!before) return undefined;
    await repo.reviewLink(tx, a, b, patch);
    return before;
  }

  async regroupPair(a: number, b: number): Promise<void> {
    const { settings } = await this.settings();
    await this.regroup([a, b], settings.link_threshold);
  }

  /**
   * The players in the same linked group as this one (the player left out), with their account names and the pair's
   * score and shared signal kinds where the two are linked directly. For promotions' anti-abuse rule and partners' CPA
   * and fraud signals.
   */
  async linkedPlayers(playerId: number): Promise<Array<{ playerId: number; account: string; score: number | null; signals: SignalKind[] }>> {
    const ids = await linkedPlayerIds(this.db, playerId);
    if (!ids.length) return [];
    const [names, links] = await Promise.all([accountNames(this.db, ids), repo.linksOf(this.db, playerId, repo.GROUP_MAX)]);
    const direct = new Map(links.map((l) => [l.playerA === playerId ? l.playerB : l.playerA, l]));
    return ids.map((id) => ({ playerId: id, account: names.get(id) ?? '', score: direct.get(id)?.score ?? null, signals: direct.get(id)?.signals ?? [] }));
  }

  /**
   * Which of the given players are in a linked group (linkedPlayers would answer someone), in one read per 10,000:
   * partners' settlement asks it for every CPA candidate at once. `db` is the caller's transaction when it is in one.
   */
  async linkedAmong(playerIds: readonly number[], db: DbOrTx = this.db): Promise<Set<number>> {
    return playersInLinkedGroups(db, playerIds);
  }

  // ---- withdrawals ----------------------------------------------------------------------------------

  /** Scores a requested withdrawal and stores the decision with its inputs; a second call for the same withdrawal keeps the first. */
  async assessWithdrawal(w: WithdrawalRequest): Promise<{ score: number; decision: RiskDecision }> {
    const seen = await repo.decisionOf(this.db, w.withdrawalId);
    if (seen) return { score: seen.score, decision: seen.decision };
    const { settings } = await this.settings();
    const cardHash = hashSignal(this.key, 'card', normaliseSignals({ card: w.cardNumber }).card ?? w.cardNumber);
    const facts = await this.withdrawalFacts(settings, w, cardHash);
    const hits = evaluateRules(settings, facts);
    const score = hits.reduce((s, h) => s + h.points, 0);
    const decision = decide(settings, score, w.amountMinor);
    const inputs = Object.fromEntries(Object.entries(facts).map(([k, val]) => [k, Array.isArray(val) ? val.join(', ') : val === undefined ? '' : String(val)]));
    await repo.insertDecision(this.db, {
      withdrawalId: w.withdrawalId,
      playerId: w.playerId,
      amountMinor: w.amountMinor,
      cardHash,
      score,
      decision,
      hits,
      inputs: {
        ...inputs,
        hold_score: String(settings.hold_score),
        auto_approve: String(settings.auto_approve),
        auto_approve_ceiling: String(settings.auto_approve_ceiling),
      },
    });
    // Two callers scoring the same withdrawal at once (the request's event and the finance desk) both answer the row
    // that was stored first.
    const stored = await repo.decisionOf(this.db, w.withdrawalId);
    return stored ? { score: stored.score, decision: stored.decision } : { score, decision };
  }

  private async withdrawalFacts(s: RiskSettings, w: WithdrawalRequest, cardHash: string): Promise<WithdrawalFacts> {
    const now = Date.now();
    const playWindow = new Date(now - s.rules.little_play.window_days * DAY_MS);
    const bonusWindow = new Date(now - s.rules.bonus_heavy.window_days * DAY_MS);
    const [deposits, validBet, bonusDeposits, bonusPostings, earlier, holders, group, failed, card, phones] = await Promise.all([
      depositTotals(this.db, w.playerId, playWindow),
      validBetSince(this.db, w.playerId, playWindow),
      depositTotals(this.db, w.playerId, bonusWindow),
      latestPostings(
        this.db,
        w.playerId,
        { asset: 'money', accountKinds: ['central', 'bonus'], journalKinds: BONUS_GRANT_KINDS, from: bonusWindow },
        BONUS_POSTINGS_MAX,
      ),
      repo.earlierDecisions(this.db, w.playerId, HISTORY_MAX + 1),
      repo.otherCardHolders(this.db, cardHash, w.playerId, CARD_HOLDERS_MAX),
      linkedPlayerIds(this.db, w.playerId),
      failedDepositsSince(this.db, w.playerId, new Date(now - s.rules.failed_deposits.window_hours * HOUR_MS)),
      repo.signalOf(this.db, w.playerId, 'card', cardHash),
      repo.signalsOf(this.db, w.playerId, 'phone', 2),
    ]);
    // The decision of this very withdrawal is not stored yet, so every row is an earlier one.
    const history = earlier.slice(0, HISTORY_MAX);
    const sum = history.reduce((a, d) => a + d.amountMinor, 0n);
    // Accounts in the player's group that hold the card come first; any other holder shares a card signal anyway.
    const inGroup = new Set(group);
    const ordered = [...holders].sort((a, b) => Number(inGroup.has(b)) - Number(inGroup.has(a)));
    const names = await accountNames(this.db, ordered);
    const hours = (d: Date) => Math.floor((now - d.getTime()) / HOUR_MS);
    return {
      amountMinor: w.amountMinor,
      depositsMinor: deposits.totalMinor,
      validBetMinor: validBet,
      bonusMinor: bonusPostings.reduce((a, p) => a + (p.amountMinor > 0n ? p.amountMinor : 0n), 0n),
      bonusWindowDepositsMinor: bonusDeposits.totalMinor,
      otherCardHolders: ordered.map((id) => names.get(id) ?? `#${id}`),
      earlierWithdrawals: history.length,
      earlierToThisCard: history.filter((d) => d.cardHash === cardHash).length,
      earlierAverageMinor: history.length ? sum / BigInt(history.length) : 0n,
      failedDeposits: failed,
      cardAgeHours: card ? hours(card.firstSeenAt) : undefined,
      // A phone is a change only when an older one exists: the newest was first seen after it.
      phoneChangeHours: phones.length > 1 ? hours(phones[0]!.firstSeenAt) : undefined,
    };
  }
}
