// One platform's bets: placing them (money through the platform wallet), settling timed events on
// their schedule, provider corrections, and the bet log served by cursor. Every change to a real bet
// is one journal line `{t:'bet', seq, bet, balanceMinor}` carrying the bet's new version and the
// player's balance after it, so a bet and its money are durable together (replay restores both).
// Drawn results are journaled as `{t:'result', key, outcome, …}` before the bets they settle.
// Demo bets live only in memory (DemoPurses) and never reach the wallet, the journal or the log.
import { randomBytes } from 'node:crypto';
import type { Journal, JournalEvent } from '../journal.ts';
import { AMOUNT_RE, type Wallet } from '../wallet.ts';
import { gamesOf } from './catalog.ts';
import { cryptoInt, type Game, type GameEvent, type GameType, type RandInt, type TimedGame } from './types.ts';

export type BetStatus = 'open' | 'settled' | 'void';

/** A bet as the log serves it. Never mutated: a change makes a new object with the next version. */
export interface BetRecord {
  betId: string;
  player: string;
  game: string;
  gameType: GameType;
  stakeMinor: string;
  payoutMinor: string;
  status: BetStatus;
  placedAt: string;
  settledAt: string | null;
  version: number;
  detail: Record<string, unknown>;
}

/** Who is betting: a real player (provider wallet) or a demo purse token (play money). */
export type Who = { player: string } | { demo: string };

export interface Refusal {
  httpStatus: number;
  code: string;
  message: string;
  [extra: string]: unknown;
}
export type Outcome<T> = ({ ok: true } & T) | { ok: false; refusal: Refusal };

export interface EventView {
  id: string;
  opensAt: number;
  closesAt: number;
  settlesAt: number;
  phase: 'upcoming' | 'open' | 'closed' | 'settled';
  info: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

export const DEMO_START_MINOR = 1_000_000n;
const DEMO_PURSES_MAX = 5_000;
const DEMO_BETS_KEPT = 30;
const RECENT_BETS = 20;
/** Results of events older than this (and with no open bets) are dropped from memory. */
const RESULTS_KEPT_MS = 2 * 60 * 60 * 1000;
export const DEMO_TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

interface DemoPurse {
  balance: bigint;
  bets: Map<string, BetRecord>;
}
interface OpenEvent {
  game: TimedGame;
  ev: GameEvent;
  real: Set<string>;
  demo: Map<string, string>;
}
interface Result {
  outcome: Record<string, unknown>;
  at: number;
  settlesAt: number;
}

const refuse = (httpStatus: number, code: string, message: string, extra: Record<string, unknown> = {}): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { httpStatus, code, message, ...extra },
});

export function formatMinor(v: bigint): string {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(3, '0');
  return `${neg ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

export interface GameBookOptions {
  code: string;
  wallet: Wallet;
  journal: () => Journal;
  now?: () => number;
  rng?: RandInt;
}

export class GameBook {
  readonly code: string;
  readonly now: () => number;
  private readonly wallet: Wallet;
  private readonly journal: () => Journal;
  private readonly rng: RandInt;
  private readonly bets = new Map<string, BetRecord>();
  /** The change log: log[i] is the bet as it was after change seq = i + 1. */
  private readonly log: BetRecord[] = [];
  private readonly byPlayer = new Map<string, string[]>();
  private readonly results = new Map<string, Result>();
  private readonly open = new Map<string, OpenEvent>();
  private readonly purses = new Map<string, DemoPurse>();
  private epoch = '';
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;

  constructor(opts: GameBookOptions) {
    this.code = opts.code;
    this.wallet = opts.wallet;
    this.journal = opts.journal;
    this.now = opts.now ?? Date.now;
    this.rng = opts.rng ?? cryptoInt;
  }

  // ---- lifecycle and persistence ----

  /** Rebuilds state from a journal event; false if it is not a game event. */
  replay(event: JournalEvent): boolean {
    if (event.t === 'betlog') {
      this.epoch = String(event.epoch);
      return true;
    }
    if (event.t === 'result') {
      this.results.set(String(event.key), { outcome: event.outcome as Record<string, unknown>, at: Number(event.at), settlesAt: Number(event.settlesAt) });
      return true;
    }
    if (event.t === 'bet') {
      const bet = event.bet as BetRecord;
      if (event.seq !== this.log.length + 1) throw new Error(`sim ${this.code}: bet log out of sequence at ${String(event.seq)}`);
      this.record(bet, BigInt(String(event.balanceMinor)));
      return true;
    }
    return false;
  }

  /** After replay: the log's identity (cursors from another log are refused) and the settlement ticker. */
  start(tickMs = 250): void {
    if (!this.epoch) {
      this.epoch = randomBytes(6).toString('base64url');
      this.journal().append({ t: 'betlog', epoch: this.epoch, at: new Date(this.now()).toISOString() });
    }
    if (this.timer || tickMs <= 0) return;
    this.timer = setInterval(() => {
      try {
        this.settleDue();
      } catch (err) {
        console.error(`sim ${this.code}: settlement failed`, err);
      }
    }, tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Applies one change of a real bet in memory (placement, settlement, correction; or its replay). */
  private record(bet: BetRecord, balanceMinor: bigint): void {
    if (!this.bets.has(bet.betId)) {
      const ids = this.byPlayer.get(bet.player) ?? [];
      ids.push(bet.betId);
      this.byPlayer.set(bet.player, ids);
    }
    this.bets.set(bet.betId, bet);
    this.log.push(bet);
    this.wallet.restoreBalance(bet.player, balanceMinor);
    const eventId = bet.detail.eventId;
    if (typeof eventId !== 'string') return;
    const game = gamesOf(this.code).find((g) => g.id === bet.game);
    if (!game || game.kind !== 'timed') return;
    const key = `${game.id}:${eventId}`;
    if (bet.status === 'open') {
      const ev = game.event(eventId);
      if (ev) this.openEvent(key, game, ev).real.add(bet.betId);
    } else {
      this.open.get(key)?.real.delete(bet.betId);
      this.dropIfIdle(key);
    }
  }

  /** Records a change of a real bet and journals it with the balance after it. */
  private commit(bet: BetRecord, balanceMinor: bigint): void {
    this.record(bet, balanceMinor);
    this.journal().append({ t: 'bet', seq: this.log.length, bet, balanceMinor: balanceMinor.toString() });
  }

  private openEvent(key: string, game: TimedGame, ev: GameEvent): OpenEvent {
    let o = this.open.get(key);
    if (!o) {
      o = { game, ev, real: new Set(), demo: new Map() };
      this.open.set(key, o);
    }
    return o;
  }

  private dropIfIdle(key: string): void {
    const o = this.open.get(key);
    if (o && o.real.size === 0 && o.demo.size === 0) this.open.delete(key);
  }

  // ---- demo purses ----

  private purse(token: string): DemoPurse {
    let p = this.purses.get(token);
    if (p) {
      this.purses.delete(token); // keep the map in least-recently-used order
    } else {
      p = { balance: DEMO_START_MINOR, bets: new Map() };
      if (this.purses.size >= DEMO_PURSES_MAX) this.purses.delete(this.purses.keys().next().value!);
    }
    this.purses.set(token, p);
    return p;
  }

  resetDemo(token: string): bigint {
    const p = this.purse(token);
    p.balance = DEMO_START_MINOR;
    p.bets.clear();
    return p.balance;
  }

  // ---- reading ----

  balanceOf(who: Who): bigint | undefined {
    return 'player' in who ? this.wallet.balance(who.player) : this.purse(who.demo).balance;
  }

  getBet(betId: string): BetRecord | undefined {
    return this.bets.get(betId);
  }

  /** The player's (or demo purse's) latest bets on a game, newest first. */
  recentBets(who: Who, gameId: string, n = RECENT_BETS): BetRecord[] {
    let list: BetRecord[];
    if ('player' in who) {
      const ids = this.byPlayer.get(who.player) ?? [];
      list = [];
      for (let i = ids.length - 1; i >= 0 && list.length < n; i--) {
        const bet = this.bets.get(ids[i]!)!;
        if (bet.game === gameId) list.push(bet);
      }
    } else {
      list = [...this.purse(who.demo).bets.values()]
        .filter((b) => b.game === gameId)
        .reverse()
        .slice(0, n);
    }
    return list;
  }

  /** All real bets, newest first, for operators. */
  allBets(filter: { player?: string; status?: string } = {}): BetRecord[] {
    const out = [...this.bets.values()].filter((b) => (!filter.player || b.player === filter.player) && (!filter.status || b.status === filter.status));
    return out.reverse();
  }

  counts(): { bets: number; open: number; changes: number } {
    let open = 0;
    for (const b of this.bets.values()) if (b.status === 'open') open++;
    return { bets: this.bets.size, open, changes: this.log.length };
  }

  /** The result of a timed event, drawing it if its time has come (or `force`); null before that. */
  resultOf(game: TimedGame, ev: GameEvent, now = this.now(), force = false): Record<string, unknown> | null {
    const key = `${game.id}:${ev.id}`;
    const known = this.results.get(key);
    if (known) return known.outcome;
    if (!force && now < ev.settlesAt) return null;
    const outcome = game.draw(ev, this.rng);
    this.results.set(key, { outcome, at: now, settlesAt: ev.settlesAt });
    this.journal().append({ t: 'result', key, outcome, at: now, settlesAt: ev.settlesAt });
    return outcome;
  }

  /** What a player sees of a timed game's schedule. Draws due results (the caller syncs the journal). */
  events(game: TimedGame, now = this.now()): EventView[] {
    return game.eventsAt(now).map((ev) => {
      const result = this.resultOf(game, ev, now);
      const phase = result ? 'settled' : now < ev.opensAt ? 'upcoming' : now < ev.closesAt ? 'open' : 'closed';
      return { ...ev, phase, result };
    });
  }

  // ---- betting ----

  place(who: Who, game: Game, input: { stakeMinor?: unknown; option?: unknown; eventId?: unknown }): Outcome<{ bet: BetRecord; balanceMinor: bigint }> {
    const now = this.now();
    const limits = {
      minStakeMinor: game.minStakeMinor.toString(),
      maxStakeMinor: game.maxStakeMinor.toString(),
      stakeStepMinor: game.stakeStepMinor.toString(),
    };
    if (typeof input.stakeMinor !== 'string' || !AMOUNT_RE.test(input.stakeMinor)) {
      return refuse(422, 'INVALID_STAKE', 'The stake must be a whole number of minor units.', limits);
    }
    const stake = BigInt(input.stakeMinor);
    if (stake < game.minStakeMinor || stake > game.maxStakeMinor) {
      return refuse(422, 'INVALID_STAKE', `The stake must be between ${formatMinor(game.minStakeMinor)} and ${formatMinor(game.maxStakeMinor)}.`, limits);
    }
    if (stake % game.stakeStepMinor !== 0n) {
      return refuse(422, 'INVALID_STAKE', `The stake must be a multiple of ${formatMinor(game.stakeStepMinor)}.`, limits);
    }
    const rawOption = typeof input.option === 'string' && input.option.length <= 64 ? input.option : null;

    let ev: GameEvent | null = null;
    let option: string | null;
    if (game.kind === 'timed') {
      ev = typeof input.eventId === 'string' ? game.event(input.eventId) : null;
      if (!ev) return refuse(404, 'UNKNOWN_EVENT', 'There is no such round or match.');
      if (now < ev.opensAt || now >= ev.closesAt || this.results.has(`${game.id}:${ev.id}`)) {
        return refuse(409, 'BETTING_CLOSED', 'Betting on this round or match is closed.');
      }
      option = rawOption === null ? null : game.parseOption(rawOption, ev);
    } else {
      option = rawOption === null ? null : game.parseOption(rawOption);
    }
    if (option === null) return refuse(422, 'INVALID_OPTION', 'That is not a bet this game offers.');

    const balance = this.balanceOf(who);
    if (balance === undefined) return refuse(404, 'PLAYER_NOT_FOUND', 'Unknown player.');
    if (balance < stake) {
      return refuse(
        422,
        'INSUFFICIENT_FUNDS',
        `Insufficient balance in this game wallet (${formatMinor(balance)}) for a stake of ${formatMinor(stake)}. Transfer funds into the game first.`,
        { balanceMinor: balance.toString() },
      );
    }

    const at = new Date(now).toISOString();
    const betId = 'player' in who ? `${this.code}-${now.toString(36)}${randomBytes(5).toString('hex')}` : `demo-${randomBytes(8).toString('hex')}`;
    let bet: BetRecord;
    let delta: bigint;
    if (game.kind === 'instant') {
      const s = game.play(stake, option, this.rng);
      bet = {
        betId,
        player: 'player' in who ? who.player : 'demo',
        game: game.id,
        gameType: game.type,
        stakeMinor: stake.toString(),
        payoutMinor: s.payoutMinor.toString(),
        status: 'settled',
        placedAt: at,
        settledAt: at,
        version: 1,
        detail: { option, ...s.detail },
      };
      delta = s.payoutMinor - stake;
    } else {
      bet = {
        betId,
        player: 'player' in who ? who.player : 'demo',
        game: game.id,
        gameType: game.type,
        stakeMinor: stake.toString(),
        payoutMinor: '0',
        status: 'open',
        placedAt: at,
        settledAt: null,
        version: 1,
        detail: { option, eventId: ev!.id, ...game.betDetail(option, ev!) },
      };
      delta = -stake;
    }

    let after: bigint;
    if ('player' in who) {
      const moved = this.wallet.applyGameDelta(who.player, delta);
      if (moved === undefined) return refuse(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance in this game wallet.');
      after = moved;
      this.commit(bet, after);
    } else {
      const purse = this.purse(who.demo);
      purse.balance += delta;
      after = purse.balance;
      purse.bets.set(bet.betId, bet);
      if (purse.bets.size > DEMO_BETS_KEPT) {
        const oldest = [...purse.bets.values()].find((b) => b.status !== 'open');
        if (oldest) purse.bets.delete(oldest.betId);
      }
      if (game.kind === 'timed') this.openEvent(`${game.id}:${ev!.id}`, game, ev!).demo.set(bet.betId, who.demo);
    }
    return { ok: true, bet, balanceMinor: after };
  }

  /**
   * Settles every open event whose time has come; `force` settles all open events now (their result
   * is drawn early and betting on them closes). Returns how many bets settled.
   */
  settleDue(now = this.now(), force = false): number {
    let settled = 0;
    for (const [key, o] of [...this.open]) {
      if (!force && now < o.ev.settlesAt) continue;
      const outcome = this.resultOf(o.game, o.ev, now, true)!;
      const at = new Date(now).toISOString();
      for (const betId of [...o.real]) {
        const bet = this.bets.get(betId);
        if (!bet || bet.status !== 'open') continue;
        const s = o.game.settle(BigInt(bet.stakeMinor), String(bet.detail.option), o.ev, outcome);
        const after = this.wallet.applyGameDelta(bet.player, s.payoutMinor)!;
        this.commit(
          { ...bet, status: 'settled', payoutMinor: s.payoutMinor.toString(), settledAt: at, version: bet.version + 1, detail: { ...bet.detail, ...s.detail } },
          after,
        );
        settled++;
      }
      for (const [betId, token] of o.demo) {
        const purse = this.purses.get(token);
        const bet = purse?.bets.get(betId);
        if (!purse || !bet || bet.status !== 'open') continue;
        const s = o.game.settle(BigInt(bet.stakeMinor), String(bet.detail.option), o.ev, outcome);
        purse.balance += s.payoutMinor;
        purse.bets.set(betId, {
          ...bet,
          status: 'settled',
          payoutMinor: s.payoutMinor.toString(),
          settledAt: at,
          version: bet.version + 1,
          detail: { ...bet.detail, ...s.detail },
        });
        settled++;
      }
      this.open.delete(key);
    }
    if (now - this.lastPrune > 60_000) this.prune(now);
    if (settled > 0 || force)
      this.journal()
        .sync()
        .catch(() => {});
    return settled;
  }

  private prune(now: number): void {
    this.lastPrune = now;
    for (const [key, r] of this.results) {
      if (r.settlesAt < now - RESULTS_KEPT_MS && !this.open.has(key)) this.results.delete(key);
    }
  }

  /** A provider correction: a new payout (or void, refunding the stake) with the wallet moved by the difference. */
  correct(input: { betId?: unknown; payoutMinor?: unknown; void?: unknown }): Outcome<{ bet: BetRecord; balanceMinor: bigint; changed: boolean }> {
    const bet = typeof input.betId === 'string' ? this.bets.get(input.betId) : undefined;
    if (!bet) return refuse(404, 'BET_NOT_FOUND', 'No such bet.');
    if (bet.status === 'void') return refuse(409, 'BET_VOID', 'The bet is void already.');
    const stake = BigInt(bet.stakeMinor);
    const paid = bet.status === 'settled' ? BigInt(bet.payoutMinor) : 0n;
    let next: BetRecord;
    let delta: bigint;
    const at = new Date(this.now()).toISOString();
    if (input.void === true) {
      delta = stake - paid;
      next = { ...bet, status: 'void', payoutMinor: stake.toString(), settledAt: at, version: bet.version + 1, detail: { ...bet.detail, voided: true } };
    } else {
      if (bet.status === 'open') return refuse(409, 'BET_OPEN', 'Only a settled bet can be corrected (or voided).');
      if (typeof input.payoutMinor !== 'string' || !(input.payoutMinor === '0' || AMOUNT_RE.test(input.payoutMinor))) {
        return refuse(422, 'INVALID_AMOUNT', 'payoutMinor must be a whole number of minor units as a string.');
      }
      const payout = BigInt(input.payoutMinor);
      if (payout === paid) return { ok: true, bet, balanceMinor: this.wallet.balance(bet.player)!, changed: false };
      delta = payout - paid;
      next = {
        ...bet,
        payoutMinor: payout.toString(),
        version: bet.version + 1,
        detail: { ...bet.detail, corrected: { fromPayoutMinor: paid.toString(), at } },
      };
    }
    const after = this.wallet.applyGameDelta(bet.player, delta);
    if (after === undefined) return refuse(409, 'INSUFFICIENT_FUNDS', 'The correction would take the player’s balance below zero.');
    this.commit(next, after);
    return { ok: true, bet: next, balanceMinor: after, changed: true };
  }

  // ---- the bet log ----

  cursorFor(seq: number): string {
    return Buffer.from(`${this.epoch}.${seq}`).toString('base64url');
  }

  /** The change sequence a cursor stands for; '' is the start. Null if it is not a cursor of this log. */
  parseCursor(cursor: string): number | null {
    if (cursor === '') return 0;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
    const m = /^([A-Za-z0-9_-]+)\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!m || m[1] !== this.epoch) return null;
    const seq = Number(m[2]);
    return seq <= this.log.length ? seq : null;
  }

  /** Changes after `seq`, oldest first, at most `limit`. */
  page(seq: number, limit: number): { bets: BetRecord[]; nextCursor: string; hasMore: boolean } {
    const bets = this.log.slice(seq, seq + limit);
    const next = seq + bets.length;
    return { bets, nextCursor: this.cursorFor(next), hasMore: next < this.log.length };
  }
}
