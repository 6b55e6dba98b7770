// The back office's rules for a player's money: reading wallets and the ledger, granting activity wallets,
// the game blacklist, reconciliation, and the stand-in provider's fault switches.
// Money moves only through the wallet service, which runs its own transactions; the audit row for such an
// action is written right after the wallet call succeeded, with the journal and wallet ids in its detail.
// Changes this module makes itself (the blacklist) write their audit row in the same transaction.
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Limiter } from '../../../lib/limiter.ts';
import type { GameProvider } from '../../../integrations/games/provider.ts';
import type { WalletService } from '../service.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import { changedFields, recordAudit } from '../../staff/audit.ts';
import * as repo from './repository.ts';
import { FourEyesAdjustments } from './four-eyes.ts';
import type { AdjustmentView } from '../../../../shared/schemas/backoffice/finance.ts';
import * as flagFacts from '../../auth/transfer-flags-facts.ts';
import { platformSummaries } from '../../games/platform-facts.ts';
import type { Operator, PageOf } from '../../staff/service.ts';
import type { InferOutput as Input } from 'valibot';
import type { Paging } from '../../../../shared/schemas/paging.ts';
import type { ProviderFaults } from './provider-faults.ts';
import type { adjustmentBody, blacklistBody, bonusGrantBody, FaultsPatch } from '../../../../shared/schemas/backoffice/wallet-requests.ts';
import {
  BONUS_WALLET_STATUS,
  MAINTAIN_STATUS,
  PLATFORM_STATUS,
  TRANSFER_STATUS,
  type FindingStatus,
  type TransferStatus,
} from '../../../../shared/statuses.ts';

/** Live balance reads go to providers at most this many at a time. */
const LIVE_READ_CONCURRENCY = 4;
/** How long a grant holds its idempotency key against a second, simultaneous request with the same key. */
const GRANT_GUARD_MS = 60_000;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const page = <T>(p: Paging, rows: T[], total: number): PageOf<T> => ({ data: rows, total, page: p.page, pageSize: p.pageSize });

export type LiveBalance = { status: 'ok'; amount: string } | { status: 'maintenance' | 'unavailable' | 'no_account' };

type TransferRow = NonNullable<Awaited<ReturnType<typeof repo.transferById>>>['transfer'];

function transferView(t: TransferRow, account?: string | null) {
  return {
    id: t.id,
    player_id: t.playerId,
    ...(account !== undefined ? { account: account ?? '' } : {}),
    gp_code: t.gpCode,
    direction: t.direction,
    amount: minorToDecimal(t.amountMinor),
    wallet: t.walletKind === 'bonus' ? `bonus:${t.bonusWalletId}` : 'central',
    status: t.status,
    reason: t.reason,
    attempts: t.attempts,
    created_at: iso(t.createdAt),
    next_check_at: t.status === TRANSFER_STATUS.pending ? iso(t.nextCheckAt) : null,
    settled_at: iso(t.settledAt),
  };
}

/** Parses the Idempotency-Key header, or makes a key when the caller sent none (each such call is new). */
/** A posting of a player's ledger as the back office shows it (the player page and its export). */
export function ledgerLine(r: Awaited<ReturnType<typeof repo.ledgerOf>>['rows'][number]) {
  return {
    id: Number(r.posting_id),
    journal_id: Number(r.journal_id),
    kind: r.kind,
    ref: r.ref,
    memo: r.memo,
    created_at: iso(r.created_at),
    account_kind: r.account_kind,
    account_ref: r.account_ref,
    amount: minorToDecimal(BigInt(r.amount_minor)),
    balance_after: minorToDecimal(BigInt(r.balance_after_minor)),
    staff: r.staff_username ?? null,
  };
}

export class BackofficeWalletService {
  private readonly db: Db;
  private readonly wallet: WalletService;
  private readonly provider: GameProvider;
  private readonly limiter: Limiter;
  readonly faults: ProviderFaults;
  readonly fourEyes: FourEyesAdjustments;
  private readonly approvalThresholdMinor: () => Promise<bigint>;

  constructor(deps: {
    db: Db;
    wallet: WalletService;
    provider: GameProvider;
    limiter: Limiter;
    faults: ProviderFaults;
    /** Adjustments larger than this (either way) wait for a second staff member (the system's setting). */
    approvalThresholdMinor: () => Promise<bigint>;
  }) {
    this.db = deps.db;
    this.wallet = deps.wallet;
    this.provider = deps.provider;
    this.limiter = deps.limiter;
    this.faults = deps.faults;
    this.approvalThresholdMinor = deps.approvalThresholdMinor;
    this.fourEyes = new FourEyesAdjustments({ db: deps.db, wallet: deps.wallet });
  }

  // Players.

  async summary(where: { id: number } | { account: string }) {
    const p = await flagFacts.playerSummary(this.db, where);
    if (!p) throw new ApiError('not_found');
    return {
      id: p.id,
      account: p.account,
      level_id: p.levelId,
      status: p.status,
      online: !!p.online,
      auto_transfer: p.autoTransfer,
      blacklist: p.blacklist,
      created_at: iso(p.createdAt),
      last_login_at: iso(p.lastLoginAt),
    };
  }

  private async mustExist(playerId: number): Promise<{ id: number; account: string }> {
    const p = await flagFacts.playerSummary(this.db, { id: playerId });
    if (!p) throw new ApiError('not_found');
    return { id: p.id, account: p.account };
  }

  // Wallets.

  async wallets(playerId: number, live: boolean) {
    const player = await this.mustExist(playerId);
    const [balances, bonus, platforms, bindings, pending, held] = await Promise.all([
      this.wallet.balances(playerId),
      repo.bonusWalletsOf(this.db, playerId),
      platformSummaries(this.db),
      repo.providerAccountsOf(this.db, playerId),
      repo.pendingTransfersOf(this.db, playerId),
      repo.withdrawHeldOf(this.db, playerId),
    ]);

    // One wallet per provider code, even when a provider serves several groups.
    const byCode = new Map<string, { code: string; name: string; name_en: string; groups: string[]; status: number; maintain_status: number }>();
    for (const p of platforms) {
      const seen = byCode.get(p.gpCode);
      if (seen) seen.groups.push(p.group);
      else byCode.set(p.gpCode, { code: p.gpCode, name: p.name, name_en: p.nameEn, groups: [p.group], status: p.status, maintain_status: p.maintainStatus });
    }
    // Money may sit at a platform that was switched off since; it is listed too.
    for (const code of [...balances.platform.keys(), ...balances.transit.keys()]) {
      if (!byCode.has(code))
        byCode.set(code, { code, name: code, name_en: code, groups: [], status: PLATFORM_STATUS.off, maintain_status: MAINTAIN_STATUS.running });
    }
    const bound = new Map(bindings.map((b) => [b.gpCode, b]));
    const liveOf = new Map<string, LiveBalance>();
    if (live) {
      const queue = [...byCode.keys()];
      const work = async () => {
        for (let code = queue.shift(); code; code = queue.shift()) liveOf.set(code, await this.liveBalance(code, bound.get(code)?.providerPlayer));
      };
      await Promise.all(Array.from({ length: LIVE_READ_CONCURRENCY }, work));
    }

    let total = balances.central + held;
    for (const w of bonus) if (w.wallet.status === BONUS_WALLET_STATUS.active) total += balances.bonus.get(w.wallet.id) ?? 0n;
    for (const v of balances.platform.values()) total += v;
    for (const v of balances.transit.values()) total += v;

    return {
      player,
      central: minorToDecimal(balances.central),
      withdraw_held: minorToDecimal(held),
      total: minorToDecimal(total),
      bonus_wallets: bonus.map((entry) => bonusWalletView(entry, balances.bonus.get(entry.wallet.id) ?? 0n)),
      platform_wallets: [...byCode.values()].map((p) => {
        const binding = bound.get(p.code);
        return {
          ...p,
          ledger: minorToDecimal(balances.platform.get(p.code) ?? 0n),
          transit: minorToDecimal(balances.transit.get(p.code) ?? 0n),
          provider_player: binding?.providerPlayer ?? null,
          bonus_wallet_id: binding?.bonusWalletId ?? null,
          live: live ? (liveOf.get(p.code) ?? { status: 'unavailable' }) : null,
        };
      }),
      pending_transfers: pending.map((t) => transferView(t)),
    };
  }

  private async liveBalance(code: string, providerPlayer: string | undefined): Promise<LiveBalance> {
    if (!providerPlayer) return { status: 'no_account' };
    try {
      const b = await this.provider.balance(code, providerPlayer);
      if (b.kind === 'ok') return { status: 'ok', amount: minorToDecimal(b.balanceMinor) };
      return { status: b.kind };
    } catch {
      return { status: 'unavailable' };
    }
  }

  async ledger(playerId: number, p: Paging) {
    await this.mustExist(playerId);
    const { rows, total } = await repo.ledgerOf(this.db, playerId, p);
    return page(p, rows.map(ledgerLine), total);
  }

  async transfers(playerId: number, p: Paging & { status?: TransferStatus }) {
    await this.mustExist(playerId);
    const { rows, total } = await repo.transfersOf(this.db, playerId, p);
    return page(
      p,
      rows.map((t) => transferView(t)),
      total,
    );
  }

  // Activity wallets.

  /**
   * Grants an activity wallet. The key makes a retried request (a double click, a timeout) return the
   * first wallet instead of granting twice; the same key with other details is refused.
   */
  async grantBonus(op: Operator, playerId: number, input: Input<typeof bonusGrantBody>, clientKey: string) {
    const player = await this.mustExist(playerId);
    const known = new Set((await platformSummaries(this.db)).map((p) => p.gpCode));
    const unknown = input.platform_codes.filter((c) => !known.has(c));
    if (unknown.length) throw new ApiError('validation_failed', { platform_codes: ['bo.v.platform_unknown'] });

    // Scoped by player, so one key cannot reach another player's grant.
    const key = `bo:${playerId}:${clientKey}`;
    const journalKey = `bonus:grant:${key}`;
    const replay = await this.replayGrant(journalKey, input);
    if (replay) return replay;
    // The wallet service checks the key only when it posts the journal, after it made the wallet row:
    // two simultaneous requests with one key must not both get that far.
    const guard = await this.limiter.hit(`bo:grant:${key}`, 1, GRANT_GUARD_MS);
    if (!guard.allowed) {
      const late = await this.replayGrant(journalKey, input);
      if (late) return late;
      throw new ApiError('rate_limited', { modal: ['bo.err.grant_in_progress'] });
    }

    let wallet: Awaited<ReturnType<WalletService['grantBonus']>>;
    try {
      wallet = await this.wallet.grantBonus({
        playerId,
        name: input.name,
        nameEn: input.name_en,
        amountMinor: input.amount,
        bonusBetMinor: input.bonus_bet,
        giveUpWalletAmountMinor: input.give_up_wallet_amount,
        isSports: input.is_sports,
        platformCodes: input.platform_codes,
        staffId: op.staffId,
        idempotencyKey: key,
      });
    } catch (err) {
      // A refused grant may be retried with its key at once.
      await this.limiter.reset(`bo:grant:${key}`);
      throw err;
    }
    const journal = await repo.journalByKey(this.db, journalKey);
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'bonus.grant',
      target: `player:${playerId}`,
      ip: op.ip,
      before: null,
      after: {
        wallet_id: wallet.id,
        amount: minorToDecimal(input.amount),
        bonus_bet: minorToDecimal(input.bonus_bet),
        give_up_wallet_amount: minorToDecimal(input.give_up_wallet_amount),
        is_sports: input.is_sports,
        platform_codes: input.platform_codes,
        name: input.name,
      },
      detail: { account: player.account, journal_id: journal?.id ?? null, idempotency_key: clientKey },
    });
    return { wallet_id: wallet.id, journal_id: journal?.id ?? null, amount: minorToDecimal(input.amount), replayed: false };
  }

  private async replayGrant(journalKey: string, input: Input<typeof bonusGrantBody>) {
    const journal = await repo.journalByKey(this.db, journalKey);
    if (!journal) return undefined;
    const w = await repo.bonusWalletById(this.db, Number(journal.ref));
    const same =
      w &&
      journal.creditedMinor === input.amount &&
      w.name === input.name &&
      w.nameEn === input.name_en &&
      w.bonusBetMinor === input.bonus_bet &&
      w.giveUpWalletAmountMinor === input.give_up_wallet_amount &&
      w.isSports === input.is_sports &&
      JSON.stringify([...w.platformCodes].sort()) === JSON.stringify([...input.platform_codes].sort());
    if (!same) throw new ApiError('idempotency_mismatch');
    return { wallet_id: w.id, journal_id: journal.id, amount: minorToDecimal(journal.creditedMinor), replayed: true };
  }

  // Manual balance adjustments (the finance desk's page).

  /** The amount above which an adjustment waits for a second staff member, so the form can say so before it asks. */
  async adjustmentThreshold(): Promise<{ approval_threshold: string }> {
    return { approval_threshold: minorToDecimal(await this.approvalThresholdMinor()) };
  }

  /**
   * Adds to or takes from a player's central wallet, against the house's adjustment account. The key makes a
   * retried request (a double click, a lost answer) return the first adjustment instead of moving money twice;
   * the same key with another player or amount is refused by the ledger.
   */
  async adjust(op: Operator, input: Input<typeof adjustmentBody>, clientKey: string): Promise<AdjustmentView> {
    const player = await flagFacts.playerSummary(this.db, { id: input.player_id });
    if (!player) throw new ApiError('not_found', { modal: ['bo.err.player_not_found'] });
    const magnitude = input.amount < 0n ? -input.amount : input.amount;
    if (magnitude > (await this.approvalThresholdMinor())) return this.fourEyes.request(op, input, player.account, clientKey);
    const key = `bo:${clientKey}`;
    const earlier = await repo.journalPlayerByKey(this.db, `adjust:${key}`);
    if (earlier && earlier.playerId !== input.player_id) throw new ApiError('idempotency_mismatch');
    const amount = minorToDecimal(input.amount);
    let outcome: { journalId: number; replayed: boolean; balance: bigint } | undefined;
    try {
      await this.wallet.adjustCentral({
        playerId: input.player_id,
        amountMinor: input.amount,
        memo: input.reason,
        staffId: op.staffId,
        idempotencyKey: key,
        // The audit row is written in the journal's transaction and only when the journal is new: concurrent
        // retries with one key write one journal and one audit row, and a replay says replayed: true.
        onPosted: async (tx, posted) => {
          outcome = { journalId: posted.journalId, replayed: posted.replayed, balance: posted.centralBalanceMinor };
          if (posted.replayed) return;
          await recordAudit(tx, {
            staffId: op.staffId,
            action: 'balance.adjust',
            target: `player:${input.player_id}`,
            ip: op.ip,
            before: { balance: minorToDecimal(posted.centralBalanceMinor - input.amount) },
            after: { balance: minorToDecimal(posted.centralBalanceMinor) },
            detail: { account: player.account, amount, reason: input.reason, journal_id: posted.journalId, idempotency_key: clientKey },
          });
        },
      });
    } catch (err) {
      // The ledger never lets a player's balance go below zero; say so in words finance recognises.
      if (err instanceof ApiError && err.code === 'insufficient_funds') throw new ApiError('insufficient_funds', { amount: ['bo.err.adjust_negative'] });
      throw err;
    }
    const balance = outcome?.replayed ? (await this.wallet.balances(input.player_id)).central : outcome!.balance;
    return {
      player_id: input.player_id,
      account: player.account,
      amount,
      status: 'posted',
      pending_id: null,
      journal_id: outcome!.journalId,
      balance: minorToDecimal(balance),
      replayed: outcome!.replayed,
    };
  }

  // The blacklist: game groups a player may not play, optionally only on some platforms.

  async setBlacklist(op: Operator, playerId: number, input: Input<typeof blacklistBody>) {
    const known = new Set((await platformSummaries(this.db)).map((p) => p.gpCode));
    if (input.game_platform_code.some((c) => !known.has(c))) {
      throw new ApiError('validation_failed', { game_platform_code: ['bo.v.platform_unknown'] });
    }
    const next: flagFacts.Blacklist = { type: [...input.type], game_platform_code: [...input.game_platform_code] };
    await this.db.transaction(async (tx) => {
      const before = await flagFacts.blacklistForUpdate(tx, playerId);
      if (!before) throw new ApiError('not_found');
      await flagFacts.setBlacklist(tx, playerId, next);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'player.blacklist',
        target: `player:${playerId}`,
        ip: op.ip,
        before: { ...before.blacklist },
        after: { ...next },
        detail: { account: before.account },
      });
    });
    return next;
  }

  // Reconciliation.

  async findings(p: Paging & { status: FindingStatus }) {
    const { rows, total } = await repo.findings(this.db, p);
    return page(
      p,
      rows.map(({ finding: f, transfer, account }) => ({
        id: f.id,
        kind: f.kind,
        status: f.status,
        transfer_id: f.transferId,
        player_id: f.playerId,
        account: account ?? '',
        gp_code: f.gpCode,
        detail: f.detail,
        created_at: iso(f.createdAt),
        resolved_at: iso(f.resolvedAt),
        transfer: transfer ? transferView(transfer) : null,
      })),
      total,
    );
  }

  async pendingTransfers(p: Paging) {
    const { rows, total } = await repo.allPending(this.db, p);
    return page(
      p,
      rows.map(({ transfer, account }) => transferView(transfer, account)),
      total,
    );
  }

  async runReconcile(op: Operator) {
    const result = await this.wallet.reconcile();
    await recordAudit(this.db, { staffId: op.staffId, action: 'reconciliation.run', target: 'reconciliation', before: null, after: { ...result }, ip: op.ip });
    return result;
  }

  /** Asks the provider about one pending transfer now, rather than at its next scheduled check. */
  async recheck(op: Operator, transferId: string) {
    const before = await repo.transferById(this.db, transferId);
    if (!before) throw new ApiError('not_found');
    let result = { checked: 0, settled: 0 };
    if (before.transfer.status === TRANSFER_STATUS.pending && (await repo.makeDue(this.db, transferId))) {
      // One run over everything due, this transfer included: the job would do the same a moment later.
      result = await this.wallet.reconcile();
    }
    const after = (await repo.transferById(this.db, transferId))!;
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'reconciliation.recheck',
      target: `transfer:${transferId}`,
      ip: op.ip,
      before: { status: before.transfer.status },
      after: { status: after.transfer.status, reason: after.transfer.reason },
      detail: { player_id: before.transfer.playerId, gp_code: before.transfer.gpCode, amount: minorToDecimal(before.transfer.amountMinor), ...result },
    });
    return { ...result, transfer: transferView(after.transfer, after.account) };
  }

  // The stand-in provider's fault switches.

  async providerFaults() {
    return { platforms: await this.faults.list() };
  }

  async platformFaults(code: string) {
    return { code, faults: await this.faults.get(code) };
  }

  async setProviderFaults(op: Operator, code: string, patch: FaultsPatch) {
    const before = await this.faults.get(code);
    const after = await this.faults.update(code, patch);
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'provider.faults.update',
      target: `provider:${code}`,
      ip: op.ip,
      ...changedFields({ ...before }, { ...after }),
    });
    return { code, faults: after };
  }

  async resetProviderFaults(op: Operator) {
    const before = Object.fromEntries((await this.faults.list()).map((p) => [p.code, p.faults]));
    await this.faults.reset();
    const after = Object.fromEntries((await this.faults.list()).map((p) => [p.code, p.faults]));
    await recordAudit(this.db, { staffId: op.staffId, action: 'provider.faults.reset', target: 'provider:*', ...changedFields(before, after), ip: op.ip });
    return this.providerFaults();
  }
}

/** An activity wallet as the desk lists it, with its ledger balance. */
function bonusWalletView({ wallet: w, grantedByName }: Awaited<ReturnType<typeof repo.bonusWalletsOf>>[number], moneyMinor: bigint) {
  return {
    id: w.id,
    name: w.name,
    name_en: w.nameEn,
    status: w.status,
    money: minorToDecimal(moneyMinor),
    bonus_bet: minorToDecimal(w.bonusBetMinor),
    bonus_now_bet: minorToDecimal(w.bonusNowBetMinor),
    /** Whole percent of the bet target reached, 0..100 (100 when there is no target). */
    progress: w.bonusBetMinor > 0n ? Number(w.bonusNowBetMinor >= w.bonusBetMinor ? 100n : (w.bonusNowBetMinor * 100n) / w.bonusBetMinor) : 100,
    give_up_wallet_amount: minorToDecimal(w.giveUpWalletAmountMinor),
    is_sports: w.isSports,
    platform_codes: w.platformCodes,
    granted_by: w.grantedBy,
    granted_by_name: grantedByName ?? null,
    created_at: iso(w.createdAt),
  };
}
