// An in-memory provider for API tests that need exact control of every answer. The HTTP adapter and the
// real stand-in in sim/ are covered by their own tests.
import {
  ProviderError,
  type BalanceOutcome,
  type BetLogPage,
  type GameProvider,
  type ProviderBet,
  type StatusOutcome,
  type TransferOutcome,
} from '../../src/server/integrations/games/provider.ts';

type Mode = 'normal' | 'reject' | 'timeout-after-apply' | 'timeout-before-apply' | 'maintenance';

export class FakeProvider implements GameProvider {
  readonly requestTtlMs = 50;
  readonly balances = new Map<string, bigint>();
  readonly transfers = new Map<string, { player: string; direction: 'in' | 'out'; amountMinor: bigint; applied: boolean; code?: string }>();
  mode: Mode = 'normal';
  unreachable = false;
  /** The bet log as (sequence, record) changes per platform code; tests push into it with placeBet/settleBet. */
  readonly betLogs = new Map<string, ProviderBet[]>();
  /** When set, the next bet-log read serves this many records and then fails. */
  failBetLogAfter: number | undefined;

  /** Records a bet (or a new version of one) the way a provider's game would, moving the provider balance. */
  recordBet(code: string, bet: ProviderBet, balanceDeltaMinor: bigint): void {
    const log = this.betLogs.get(code) ?? [];
    log.push(bet);
    this.betLogs.set(code, log);
    const k = this.key(code, bet.player);
    this.balances.set(k, (this.balances.get(k) ?? 0n) + balanceDeltaMinor);
  }

  async betLog(code: string, cursor: string, limit: number): Promise<BetLogPage> {
    if (this.unreachable) throw new ProviderError('NETWORK');
    const log = this.betLogs.get(code) ?? [];
    const start = cursor ? Number(cursor) : 0;
    let end = Math.min(log.length, start + limit);
    if (this.failBetLogAfter !== undefined) {
      const failAt = start + this.failBetLogAfter;
      this.failBetLogAfter = undefined;
      if (failAt < end) throw new ProviderError('INTERNAL');
    }
    end = Math.min(log.length, end);
    return { bets: log.slice(start, end), nextCursor: String(end), hasMore: end < log.length };
  }

  private key(code: string, player: string) {
    return `${code}:${player}`;
  }

  async createPlayer(code: string, player: string): Promise<void> {
    if (this.unreachable || this.mode === 'maintenance') throw new Error('unavailable');
    if (!this.balances.has(this.key(code, player))) this.balances.set(this.key(code, player), 0n);
  }

  async balance(code: string, player: string): Promise<BalanceOutcome> {
    if (this.mode === 'maintenance') return { kind: 'maintenance' };
    if (this.unreachable) return { kind: 'unavailable', reason: 'network' };
    return { kind: 'ok', balanceMinor: this.balances.get(this.key(code, player)) ?? 0n };
  }

  async transfer(code: string, req: { transferId: string; player: string; direction: 'in' | 'out'; amountMinor: bigint }): Promise<TransferOutcome> {
    if (this.mode === 'maintenance') return { kind: 'rejected', code: 'MAINTENANCE' };
    if (this.mode === 'timeout-before-apply' || this.unreachable) return { kind: 'unclear', reason: 'timeout' };
    const seen = this.transfers.get(req.transferId);
    if (seen)
      return seen.applied
        ? { kind: 'applied', balanceMinor: this.balances.get(this.key(code, req.player)) ?? 0n }
        : { kind: 'rejected', code: seen.code ?? 'REJECTED' };
    const k = this.key(code, req.player);
    const balance = this.balances.get(k) ?? 0n;
    if (this.mode === 'reject' || (req.direction === 'out' && balance < req.amountMinor)) {
      this.transfers.set(req.transferId, { ...req, applied: false, code: 'INSUFFICIENT_FUNDS' });
      return { kind: 'rejected', code: 'INSUFFICIENT_FUNDS' };
    }
    this.balances.set(k, balance + (req.direction === 'in' ? req.amountMinor : -req.amountMinor));
    this.transfers.set(req.transferId, { ...req, applied: true });
    if (this.mode === 'timeout-after-apply') return { kind: 'unclear', reason: 'timeout' };
    return { kind: 'applied', balanceMinor: this.balances.get(k)! };
  }

  async transferStatus(_code: string, transferId: string): Promise<StatusOutcome> {
    if (this.unreachable) return { kind: 'unclear', reason: 'network' };
    const t = this.transfers.get(transferId);
    if (!t) return { kind: 'not_found' };
    return t.applied ? { kind: 'applied' } : { kind: 'rejected', code: t.code ?? 'REJECTED' };
  }

  async launchUrl(code: string, req: { player: string; game: string; lang: string }): Promise<string> {
    return `http://provider.test/play/${code}/${req.game}?player=${req.player}&lang=${req.lang}`;
  }

  async demoUrl(code: string, req: { game: string; lang: string }): Promise<string | undefined> {
    return code === 'CRD' ? undefined : `http://provider.test/play/${code}/${req.game}?demo=1&lang=${req.lang}`;
  }
}
