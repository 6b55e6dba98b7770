// The bet book on its own: money through the platform wallet, timed settlement on an injected
// clock, demo isolation, the change log and its cursors, corrections, and replay after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Platform } from '../platform.ts';
import { PLATFORMS } from '../platforms.ts';
import type { JournalEvent } from '../journal.ts';
import type { BetRecord } from './book.ts';
import { resolveGame } from './catalog.ts';
import { ROUND_MS } from './baccarat.ts';
import type { Game } from './types.ts';

const def = (code: string) => PLATFORMS.find((d) => d.code === code)!;
const game = (code: string): Game => resolveGame(code, 'lobby')!;

/** A platform in memory with a settable clock, its ticker off, and the journal lines it appended. */
async function platformAt(code: string, start: number) {
  const clock = { now: start };
  const p = await Platform.open(def(code), undefined, { now: () => clock.now, tickMs: 0 });
  const lines: JournalEvent[] = [];
  p.journal = { append: (e) => void lines.push(e), sync: async () => {}, close: async () => {} };
  return { p, clock, lines };
}

function fund(p: Platform, player: string, amountMinor: string): void {
  p.wallet.createPlayer(player);
  p.wallet.transfer({ transferId: `fund_${player}_${amountMinor}`, player, direction: 'in', amountMinor });
}

/** Reads the whole log from a cursor in pages of `limit`. */
function readAll(p: Platform, cursor = '', limit = 3): { bets: BetRecord[]; cursor: string } {
  const bets: BetRecord[] = [];
  for (;;) {
    const seq = p.games.parseCursor(cursor);
    expect(seq).not.toBeNull();
    const page = p.games.page(seq!, limit);
    bets.push(...page.bets);
    cursor = page.nextCursor;
    if (!page.hasMore) return { bets, cursor };
  }
}

const T0 = 1_800_000_000_000; // a round boundary for every timed game here

describe('bet book', () => {
  it('an instant bet debits the stake and credits the win in one change', async () => {
    const { p } = await platformAt('SLX', T0);
    fund(p, 'ann', '10000');
    let expected = 10_000n;
    for (let i = 0; i < 30; i++) {
      const r = p.games.place({ player: 'ann' }, game('SLX'), { stakeMinor: '100', option: 'spin' });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expected += BigInt(r.bet.payoutMinor) - 100n;
      expect(r.bet).toMatchObject({ status: 'settled', version: 1, gameType: 'slots', game: 'lucky-7', player: 'ann', stakeMinor: '100' });
      expect(r.bet.settledAt).toBe(r.bet.placedAt);
      expect(r.balanceMinor).toBe(expected);
    }
    expect(p.wallet.balance('ann')).toBe(expected);
    expect(p.games.counts()).toEqual({ bets: 30, open: 0, changes: 30 });
  });

  it('refuses stakes outside the rules and bets beyond the balance, changing nothing', async () => {
    const { p, lines } = await platformAt('CRD', T0);
    fund(p, 'bob', '150');
    const before = lines.length;
    const g = game('CRD');
    const code = (input: Record<string, unknown>) => {
      const r = p.games.place({ player: 'bob' }, g, input);
      return r.ok ? 'ok' : r.refusal.code;
    };
    expect(code({ stakeMinor: '99', option: 'dragon' })).toBe('INVALID_STAKE');
    expect(code({ stakeMinor: '500001', option: 'dragon' })).toBe('INVALID_STAKE');
    expect(code({ stakeMinor: 100, option: 'dragon' })).toBe('INVALID_STAKE');
    expect(code({ stakeMinor: '1.5', option: 'dragon' })).toBe('INVALID_STAKE');
    expect(code({ stakeMinor: '100', option: 'phoenix' })).toBe('INVALID_OPTION');
    const r = p.games.place({ player: 'bob' }, g, { stakeMinor: '200', option: 'dragon' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusal).toMatchObject({ httpStatus: 422, code: 'INSUFFICIENT_FUNDS', balanceMinor: '150' });
    expect(r.refusal.message).toMatch(/Insufficient balance/);
    expect(p.wallet.balance('bob')).toBe(150n);
    expect(lines.length).toBe(before);
    expect(p.games.page(0, 10).bets).toHaveLength(0);
    // Slots stakes are whole line bets.
    const s = await platformAt('SLX', T0);
    fund(s.p, 'bob', '1000');
    const odd = s.p.games.place({ player: 'bob' }, game('SLX'), { stakeMinor: '101', option: 'spin' });
    expect(odd.ok ? 'ok' : odd.refusal.code).toBe('INVALID_STAKE');
  });

  it('a baccarat bet stays open through the betting window and settles when the round is dealt', async () => {
    const { p, clock } = await platformAt('LVC', T0 + 2_000);
    fund(p, 'cat', '5000');
    const g = game('LVC');
    if (g.kind !== 'timed') throw new Error('timed');
    const round = g.eventsAt(clock.now).at(-1)!;
    expect(round.id).toBe(`r${T0 / ROUND_MS}`);
    const r = p.games.place({ player: 'cat' }, g, { stakeMinor: '1000', option: 'banker', eventId: round.id });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.bet).toMatchObject({ status: 'open', version: 1, payoutMinor: '0', settledAt: null, detail: { option: 'banker', eventId: round.id } });
    expect(p.wallet.balance('cat')).toBe(4000n);
    expect(p.games.events(g, clock.now).at(-1)!.phase).toBe('open');

    clock.now = round.closesAt - 1;
    expect(p.games.settleDue()).toBe(0);
    expect(p.games.getBet(r.bet.betId)!.status).toBe('open');
    // Betting closes on time.
    clock.now = round.closesAt;
    const late = p.games.place({ player: 'cat' }, g, { stakeMinor: '100', option: 'player', eventId: round.id });
    expect(late.ok ? 'ok' : late.refusal.code).toBe('BETTING_CLOSED');
    expect(p.games.settleDue()).toBe(1);
    const settled = p.games.getBet(r.bet.betId)!;
    expect(settled).toMatchObject({ status: 'settled', version: 2 });
    expect(settled.settledAt).toBe(new Date(round.closesAt).toISOString());
    const hand = settled.detail.outcome as { winner: string };
    expect(['player', 'banker', 'tie']).toContain(hand.winner);
    const payout = BigInt(settled.payoutMinor);
    expect(payout).toBe(hand.winner === 'banker' ? 1950n : hand.winner === 'tie' ? 1000n : 0n);
    expect(p.wallet.balance('cat')).toBe(4000n + payout);
    // The round's result is public once dealt, and the same for everyone.
    expect(p.games.events(g, clock.now).find((e) => e.id === round.id)!.result).toEqual(settled.detail.outcome);
    expect(p.games.place({ player: 'cat' }, g, { stakeMinor: '100', option: 'player', eventId: 'r1' }).ok).toBe(false);
  });

  it('football and esports bets settle on their match schedule; lottery at the draw', async () => {
    for (const [code, option] of [
      ['SPB', 'home'],
      ['ESP', 'red'],
      ['LTO', 'pick:4,9'],
    ] as const) {
      const { p, clock } = await platformAt(code, T0 + 1_000);
      fund(p, 'dan', '5000');
      const g = game(code);
      if (g.kind !== 'timed') throw new Error('timed');
      const ev = p.games.events(g).find((e) => e.phase === 'open')!;
      const r = p.games.place({ player: 'dan' }, g, { stakeMinor: '500', option, eventId: ev.id });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      if (code !== 'LTO') expect(Number(r.bet.detail.odds)).toBeGreaterThan(1);
      clock.now = ev.settlesAt - 1;
      expect(p.games.settleDue()).toBe(0);
      clock.now = ev.settlesAt;
      expect(p.games.settleDue()).toBe(1);
      const bet = p.games.getBet(r.bet.betId)!;
      expect(bet.status).toBe('settled');
      expect(p.wallet.balance('dan')).toBe(4500n + BigInt(bet.payoutMinor));
    }
  });

  it('settleDue(force) settles open rounds early and closes their betting', async () => {
    const { p, clock } = await platformAt('SPB', T0 + 1_000);
    fund(p, 'eve', '5000');
    const g = game('SPB');
    if (g.kind !== 'timed') throw new Error('timed');
    const ev = p.games
      .events(g)
      .filter((e) => e.phase === 'open')
      .at(-1)!;
    const r = p.games.place({ player: 'eve' }, g, { stakeMinor: '500', option: 'draw', eventId: ev.id });
    expect(r.ok).toBe(true);
    expect(p.games.settleDue(clock.now, true)).toBe(1);
    expect(p.games.counts().open).toBe(0);
    const again = p.games.place({ player: 'eve' }, g, { stakeMinor: '500', option: 'draw', eventId: ev.id });
    expect(again.ok ? 'ok' : again.refusal.code).toBe('BETTING_CLOSED');
  });

  it('demo bets use play money only: no wallet, no journal, no log', async () => {
    const { p, clock, lines } = await platformAt('LVC', T0 + 1_000);
    fund(p, 'fay', '5000');
    const before = lines.length;
    const g = game('LVC');
    if (g.kind !== 'timed') throw new Error('timed');
    const round = g.eventsAt(clock.now).at(-1)!;
    const demo = { demo: 'demo_token_0123456789' };
    const r = p.games.place(demo, g, { stakeMinor: '100000', option: 'player', eventId: round.id });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.balanceMinor).toBe(900_000n);
    expect(r.bet.betId).toMatch(/^demo-/);
    clock.now = round.closesAt;
    expect(p.games.settleDue()).toBe(1);
    const [settled] = p.games.recentBets(demo, 'baccarat');
    expect(settled!.status).toBe('settled');
    expect(p.games.balanceOf(demo)).toBe(900_000n + BigInt(settled!.payoutMinor));
    // Only the round's public result was journaled; nothing about the demo bet or any wallet.
    expect(lines.slice(before).map((e) => e.t)).toEqual(['result']);
    expect(p.wallet.balance('fay')).toBe(5000n);
    expect(p.games.page(0, 10).bets).toHaveLength(0);
    expect(p.games.counts().bets).toBe(0);
    // A fresh token gets a fresh purse; a reset restores it.
    expect(p.games.balanceOf({ demo: 'another_token_0123456' })).toBe(1_000_000n);
    expect(p.games.resetDemo(demo.demo)).toBe(1_000_000n);
    const s = await platformAt('SLX', T0);
    for (let i = 0; i < 5; i++) expect(s.p.games.place(demo, game('SLX'), { stakeMinor: '100', option: 'spin' }).ok).toBe(true);
    expect(s.lines).toHaveLength(0);
    expect(s.p.games.page(0, 10).bets).toHaveLength(0);
  });

  it('the log serves every change once, in order, and resumes from any cursor', async () => {
    const { p, clock } = await platformAt('LTO', T0 + 1_000);
    fund(p, 'gus', '100000');
    fund(p, 'hal', '100000');
    const g = game('LTO');
    if (g.kind !== 'timed') throw new Error('timed');
    const draw = g.eventsAt(clock.now).at(-1)!;
    for (let i = 0; i < 5; i++) {
      for (const player of ['gus', 'hal']) p.games.place({ player }, g, { stakeMinor: '100', option: i % 2 ? 'big' : 'small', eventId: draw.id });
    }
    const first = readAll(p);
    expect(first.bets).toHaveLength(10);
    expect(first.bets.every((b) => b.status === 'open' && b.version === 1)).toBe(true);

    clock.now = draw.settlesAt;
    p.games.settleDue();
    const more = readAll(p, first.cursor, 4);
    expect(more.bets).toHaveLength(10);
    expect(more.bets.every((b) => b.status === 'settled' && b.version === 2)).toBe(true);
    expect(new Set(more.bets.map((b) => b.betId))).toEqual(new Set(first.bets.map((b) => b.betId)));
    // Nothing new: an empty page with the same cursor.
    const idle = p.games.page(p.games.parseCursor(more.cursor)!, 100);
    expect(idle).toEqual({ bets: [], nextCursor: more.cursor, hasMore: false });
    // A re-read from an older cursor returns the very same records again.
    const whole = readAll(p, '', 7);
    expect(whole.bets).toEqual([...first.bets, ...more.bets]);
    expect(readAll(p, first.cursor, 100).bets).toEqual(more.bets);
    // Bad, foreign or future cursors are refused.
    expect(p.games.parseCursor('nope!')).toBeNull();
    expect(p.games.parseCursor(Buffer.from('other.3').toString('base64url'))).toBeNull();
    expect(p.games.parseCursor(p.games.cursorFor(21))).toBeNull();
  });

  it('a correction makes a new version, moves the wallet by the difference and is logged again', async () => {
    const { p } = await platformAt('FSH', T0);
    fund(p, 'ivy', '10000');
    const r = p.games.place({ player: 'ivy' }, game('FSH'), { stakeMinor: '100', option: 'clownfish' });
    if (!r.ok) throw new Error('placed');
    const paid = BigInt(r.bet.payoutMinor);
    const balance = p.wallet.balance('ivy')!;
    const c = p.games.correct({ betId: r.bet.betId, payoutMinor: '777' });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.bet).toMatchObject({ version: 2, payoutMinor: '777', status: 'settled' });
    expect(c.bet.detail.corrected).toMatchObject({ fromPayoutMinor: paid.toString() });
    expect(p.wallet.balance('ivy')).toBe(balance - paid + 777n);
    // The same payout again changes nothing.
    const same = p.games.correct({ betId: r.bet.betId, payoutMinor: '777' });
    expect(same.ok && same.changed).toBe(false);
    // Void refunds the stake.
    const v = p.games.correct({ betId: r.bet.betId, void: true });
    expect(v.ok && v.bet).toMatchObject({ status: 'void', version: 3, payoutMinor: '100' });
    expect(p.wallet.balance('ivy')).toBe(balance - paid + 100n);
    const log = readAll(p).bets;
    expect(log.map((b) => [b.betId, b.version])).toEqual([
      [r.bet.betId, 1],
      [r.bet.betId, 2],
      [r.bet.betId, 3],
    ]);
    const codeOf = (x: ReturnType<typeof p.games.correct>) => (x.ok ? 'ok' : x.refusal.code);
    expect(codeOf(p.games.correct({ betId: r.bet.betId, payoutMinor: '1' }))).toBe('BET_VOID');
    expect(codeOf(p.games.correct({ betId: 'nope', payoutMinor: '1' }))).toBe('BET_NOT_FOUND');
    const r2 = p.games.place({ player: 'ivy' }, game('FSH'), { stakeMinor: '100', option: 'whale' });
    if (!r2.ok) throw new Error('placed');
    expect(codeOf(p.games.correct({ betId: r2.bet.betId, payoutMinor: '-1' }))).toBe('INVALID_AMOUNT');
    // A correction may not take the balance below zero.
    if (r2.bet.payoutMinor === '0') expect(codeOf(p.games.correct({ betId: r2.bet.betId, payoutMinor: '50' }))).toBe('ok');
    const all = p.wallet.balance('ivy')!;
    p.wallet.transfer({ transferId: 'drain_ivy_0001', player: 'ivy', direction: 'out', amountMinor: all.toString() });
    expect(codeOf(p.games.correct({ betId: r2.bet.betId, payoutMinor: '0' }))).toBe('INSUFFICIENT_FUNDS');
    expect(p.wallet.balance('ivy')).toBe(0n);
  });
});

describe('bet book persistence', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sim-games-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('bets, balances, the log and open rounds survive a restart', async () => {
    const clock = { now: T0 + 1_000 };
    let p = await Platform.open(def('LVC'), dir, { now: () => clock.now, tickMs: 0 });
    fund(p, 'jo', '10000');
    const g = game('LVC');
    if (g.kind !== 'timed') throw new Error('timed');
    const round = g.eventsAt(clock.now).at(-1)!;
    const a = p.games.place({ player: 'jo' }, g, { stakeMinor: '1000', option: 'player', eventId: round.id });
    const b = p.games.place({ player: 'jo' }, g, { stakeMinor: '500', option: 'tie', eventId: round.id });
    expect(a.ok && b.ok).toBe(true);
    const before = readAll(p);
    await p.journal.sync();
    await p.close();

    p = await Platform.open(def('LVC'), dir, { now: () => clock.now, tickMs: 0 });
    try {
      expect(p.wallet.balance('jo')).toBe(8500n);
      expect(readAll(p).bets).toEqual(before.bets);
      // The consumer's cursor from before the restart is still good.
      expect(p.games.page(p.games.parseCursor(before.cursor)!, 10).bets).toEqual([]);
      clock.now = round.closesAt;
      expect(p.games.settleDue()).toBe(2);
      const after = readAll(p, before.cursor);
      expect(after.bets.map((x) => x.version)).toEqual([2, 2]);
      const won = after.bets.reduce((s, x) => s + BigInt(x.payoutMinor), 0n);
      expect(p.wallet.balance('jo')).toBe(8500n + won);
      await p.journal.sync();
    } finally {
      await p.close();
    }
    p = await Platform.open(def('LVC'), dir, { now: () => clock.now, tickMs: 0 });
    try {
      expect(p.games.counts()).toEqual({ bets: 2, open: 0, changes: 4 });
      expect(p.games.settleDue()).toBe(0);
    } finally {
      await p.close();
    }
  });
});
