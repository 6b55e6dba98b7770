// The seamless stand-in provider's games: a slot (SMS lucky-7) and a live table (SML baccarat). Each bet
// is a debit of the operator's wallet and each result a credit, through SeamlessWalletClient; nothing is held here
// but the provider's own book of rounds, which its round report (reconciliation) reads.
import { randomBytes } from 'node:crypto';
import { lucky7 } from '../games/lucky7.ts';
import { dealHand, payout as baccaratPayout } from '../games/baccarat.ts';
import { cryptoInt } from '../games/types.ts';
import { SeamlessWalletClient, type WalletAnswer } from './client.ts';

export interface SeamlessPlatformDef {
  code: string;
  name: string;
  group: 'slots' | 'casino';
  game: string;
}

export const SEAMLESS_PLATFORMS: readonly SeamlessPlatformDef[] = [
  { code: 'SMS', name: 'Seamless Slots', group: 'slots', game: 'lucky-7' },
  { code: 'SML', name: 'Seamless Live Table', group: 'casino', game: 'baccarat' },
];

/** A round as the provider's book holds it: what it believes it staked and paid. */
export interface ProviderRound {
  roundId: string;
  code: string;
  player: string;
  game: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: 'open' | 'closed' | 'cancelled';
  at: number;
}

export interface Session {
  player: string;
  code: string;
  game: string;
  lang: string;
}

/** Rounds and sessions kept at most; the oldest go first. */
const BOOK_LIMIT = 20_000;

export type PlayResult =
  | { ok: true; roundId: string; balance: string; stakeMinor: string; payoutMinor: string; detail: Record<string, unknown> }
  | { ok: false; status: string; balance?: string };

export class SeamlessProvider {
  readonly client: SeamlessWalletClient;
  readonly rounds = new Map<string, ProviderRound>();
  readonly sessions = new Map<string, Session>();
  private seq = 0;

  constructor(client: SeamlessWalletClient) {
    this.client = client;
  }

  private id(prefix: string): string {
    return `${prefix}${Date.now().toString(36)}${(++this.seq).toString(36)}${randomBytes(3).toString('hex')}`;
  }

  private remember<K, V>(map: Map<K, V>, key: K, value: V): void {
    if (map.size >= BOOK_LIMIT) map.delete(map.keys().next().value as K);
    map.set(key, value);
  }

  /** The launch token becomes a provider session through the operator's authenticate call. */
  async openSession(
    code: string,
    game: string,
    token: string,
    lang: string,
  ): Promise<{ session: string; answer: WalletAnswer } | { answer: WalletAnswer | undefined }> {
    const answer = await this.client.send(code, 'authenticate', { token });
    if (!answer || answer.status !== 'OK' || !answer.player) return { answer };
    const session = this.id('s');
    this.remember(this.sessions, session, { player: answer.player, code, game, lang });
    return { session, answer };
  }

  /**
   * A debit as the provider sends it: retried on silence, rolled back when it never got an answer. With the delayed
   * switch on, the debit is "lost", rolled back, and then delivered late, which the operator must refuse.
   */
  private async debit(round: ProviderRound, txId: string, amountMinor: bigint): Promise<WalletAnswer | undefined> {
    const body = { player: round.player, round_id: round.roundId, transaction_id: txId, game_code: round.game, amount: amountMinor.toString() };
    const rollback = { player: round.player, round_id: round.roundId, transaction_id: this.id('rb'), debit_transaction_id: txId };
    if (this.client.roll(this.client.faults.delayedDebitAfterRollbackRate)) {
      await this.client.rollback(round.code, rollback);
      return this.client.send(round.code, 'debit', body);
    }
    const answer = await this.client.send(round.code, 'debit', body);
    if (answer) return answer;
    await this.client.rollback(round.code, rollback);
    return undefined;
  }

  private async credit(round: ProviderRound, debitTxId: string, amountMinor: bigint, closes: boolean): Promise<WalletAnswer | undefined> {
    return this.client.send(round.code, 'credit', {
      player: round.player,
      round_id: round.roundId,
      transaction_id: this.id('c'),
      debit_transaction_id: debitTxId,
      amount: amountMinor.toString(),
      round_closed: closes,
    });
  }

  /** One spin of the slot: debit, outcome, credit (closing the round). */
  async spin(session: Session, stakeMinor: bigint): Promise<PlayResult> {
    const round: ProviderRound = {
      roundId: this.id('r'),
      code: session.code,
      player: session.player,
      game: session.game,
      stakeMinor: 0n,
      payoutMinor: 0n,
      status: 'open',
      at: Date.now(),
    };
    const debitId = this.id('d');
    const settlement = lucky7.play(stakeMinor, 'spin', cryptoInt);
    if (this.client.roll(this.client.faults.creditBeforeDebitRate)) {
      // The win overtakes its bet on the network: the operator refuses it until the bet has come.
      await this.client.send(round.code, 'credit', {
        player: round.player,
        round_id: round.roundId,
        transaction_id: `${debitId}-win`,
        debit_transaction_id: debitId,
        amount: settlement.payoutMinor.toString(),
        round_closed: true,
      });
    }
    const debit = await this.debit(round, debitId, stakeMinor);
    if (!debit || debit.status !== 'OK') return { ok: false, status: debit?.status ?? 'NO_ANSWER', balance: debit?.balance };
    round.stakeMinor = stakeMinor;
    round.payoutMinor = settlement.payoutMinor;
    this.remember(this.rounds, round.roundId, round);
    const credit = await this.client.send(round.code, 'credit', {
      player: round.player,
      round_id: round.roundId,
      transaction_id: `${debitId}-win`,
      debit_transaction_id: debitId,
      amount: settlement.payoutMinor.toString(),
      round_closed: true,
    });
    // Without an answer the round stays open here too: the round report shows the win owed, and reconciliation finds it.
    if (credit?.status === 'OK') round.status = 'closed';
    return {
      ok: true,
      roundId: round.roundId,
      balance: credit?.balance ?? debit.balance ?? '',
      stakeMinor: stakeMinor.toString(),
      payoutMinor: settlement.payoutMinor.toString(),
      detail: settlement.detail,
    };
  }

  /** One hand of the live table: a debit per bet spot, the deal, a credit per debit, the last one closing the round. */
  async deal(session: Session, bets: Array<{ option: 'player' | 'banker' | 'tie'; stakeMinor: bigint }>): Promise<PlayResult> {
    const round: ProviderRound = {
      roundId: this.id('r'),
      code: session.code,
      player: session.player,
      game: session.game,
      stakeMinor: 0n,
      payoutMinor: 0n,
      status: 'open',
      at: Date.now(),
    };
    this.remember(this.rounds, round.roundId, round);
    const taken: Array<{ option: 'player' | 'banker' | 'tie'; stakeMinor: bigint; txId: string }> = [];
    let last: WalletAnswer | undefined;
    for (const bet of bets) {
      const txId = this.id('d');
      last = await this.debit(round, txId, bet.stakeMinor);
      if (!last || last.status !== 'OK') break;
      taken.push({ ...bet, txId });
      round.stakeMinor += bet.stakeMinor;
    }
    if (!taken.length) {
      round.status = 'cancelled';
      return { ok: false, status: last?.status ?? 'NO_ANSWER', balance: last?.balance };
    }
    const hand = dealHand(cryptoInt);
    let answer: WalletAnswer | undefined;
    for (const [i, bet] of taken.entries()) {
      const win = baccaratPayout(bet.stakeMinor, bet.option, hand.winner);
      round.payoutMinor += win;
      answer = await this.credit(round, bet.txId, win, i === taken.length - 1);
    }
    if (answer?.status === 'OK') round.status = 'closed';
    return {
      ok: true,
      roundId: round.roundId,
      balance: answer?.balance ?? '',
      stakeMinor: round.stakeMinor.toString(),
      payoutMinor: round.payoutMinor.toString(),
      detail: { hand },
    };
  }

  /** The provider's round report of one platform for a time range: what reconciliation compares with the operator's. */
  report(code: string, from: number, to: number): Array<{ round_id: string; player: string; stake: string; payout: string; status: string }> {
    const out = [];
    for (const r of this.rounds.values()) {
      if (r.code !== code || r.at < from || r.at >= to) continue;
      out.push({ round_id: r.roundId, player: r.player, stake: r.stakeMinor.toString(), payout: r.payoutMinor.toString(), status: r.status });
    }
    return out;
  }
}
