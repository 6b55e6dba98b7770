// The seamless wallet's back office: a platform's wallet model, the transaction log operators search per
// player and round, rounds open past their provider's limit, and reconciliation: the provider's round report compared
// with ours, each difference a finding an operator resolves by paying the missing win or closing the round, audited.
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import { postJournal } from '../../ledger/ledger.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Config } from '../../config.ts';
import { recordAudit } from '../staff/audit.ts';
import type { Operator } from '../staff/service.ts';
import { allPlatforms, platformByCode } from '../games/platform-facts.ts';
import { recordSeamlessRound } from '../bets/seamless-records.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import { DAY_MS, startOfTaipeiDate } from '../../../shared/time.ts';
import { SEAMLESS_FINDING_KIND, type SeamlessFindingKind, type SeamlessResolution } from '../../../shared/seamless-statuses.ts';
import type { SeamlessPlatformView } from '../../../shared/schemas/backoffice/seamless.ts';
import type { ProviderRoundReport } from '../../integrations/games/seamless.ts';
import type { SeamlessLauncher, SeamlessService } from './service.ts';
import * as repo from './repository.ts';
import { openSecret, sealSecret } from '../staff/totp.ts';

/** Stale rounds looked at per reconciliation run. */
const RECONCILE_BATCH = 500;
const MINUTE_MS = 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** How long the key before a rotation is still accepted: time for the provider to switch to the new one. */
const PREVIOUS_KEY_GRACE_MS = 24 * 60 * 60_000;
/** A new signing key's size: 32 random bytes, as 64 hex digits. */
const KEY_BYTES = 32;

/** A key as screens and the audit log may show it: its last four characters. */
const masked = (key: string) => (key ? `••••${key.slice(-4)}` : '');

function findingView(f: repo.FindingRow) {
  return {
    id: f.id,
    code: f.gpCode,
    round_id: f.roundId,
    player_id: f.playerId,
    kind: f.kind,
    ours_stake: minorToDecimal(f.oursStakeMinor),
    ours_payout: minorToDecimal(f.oursPayoutMinor),
    theirs_stake: f.theirsStakeMinor === null ? null : minorToDecimal(f.theirsStakeMinor),
    theirs_payout: f.theirsPayoutMinor === null ? null : minorToDecimal(f.theirsPayoutMinor),
    status: f.status === 'resolved' ? ('resolved' as const) : ('open' as const),
    resolution: f.resolution,
    note: f.note,
    resolved_by: f.resolvedBy,
    resolved_at: iso(f.resolvedAt),
    created_at: f.createdAt.toISOString(),
  };
}

/** What a stale round's comparison with the provider's report finds, if anything. */
function differenceOf(ours: repo.RoundRow, theirs: ProviderRoundReport | undefined): SeamlessFindingKind {
  if (!theirs) return SEAMLESS_FINDING_KIND.unknownThere;
  if (theirs.stakeMinor !== ours.stakeMinor) return SEAMLESS_FINDING_KIND.stakeMismatch;
  if (theirs.payoutMinor > ours.payoutMinor) return SEAMLESS_FINDING_KIND.missingCredit;
  return SEAMLESS_FINDING_KIND.openHere;
}

export class SeamlessBackofficeService {
  private readonly db: Db;
  private readonly accounts: AccountDirectory;
  private readonly config: Config['seamless'];
  private readonly provider: SeamlessLauncher | undefined;
  private readonly wallet: SeamlessService;

  constructor(deps: { db: Db; accounts: AccountDirectory; config: Config['seamless']; provider: SeamlessLauncher | undefined; wallet: SeamlessService }) {
    this.db = deps.db;
    this.accounts = deps.accounts;
    this.config = deps.config;
    this.provider = deps.provider;
    this.wallet = deps.wallet;
  }

  /** Every platform with its wallet model; the secret itself never leaves the configuration. */
  async platforms(): Promise<SeamlessPlatformView[]> {
    const [catalogue, seamless] = await Promise.all([allPlatforms(this.db), repo.allSeamlessPlatforms(this.db)]);
    const byCode = new Map(seamless.map((s) => [s.gpCode, s]));
    const seen = new Set<string>();
    return catalogue
      .filter((p) => !seen.has(p.gpCode) && seen.add(p.gpCode))
      .map((p) => {
        const s = byCode.get(p.gpCode);
        const key = this.keyOf(p.gpCode, s);
        return {
          code: p.gpCode,
          name: p.name,
          group: p.group,
          wallet_model: s ? ('seamless' as const) : ('transfer' as const),
          round_limit_minutes: s?.roundLimitMinutes ?? null,
          own_secret: this.config.secrets[p.gpCode] !== undefined,
          allowed_addresses: this.config.allow[p.gpCode] ?? [],
          key_source: key.source,
          key_masked: masked(key.key),
          previous_key_until: s?.previousValidUntil && s.previousValidUntil.getTime() > Date.now() ? s.previousValidUntil.toISOString() : null,
        };
      });
  }

  /** The key a platform's calls are checked with now, and where it comes from. */
  private keyOf(code: string, row: repo.PlatformRow | undefined): { source: 'rotated' | 'own' | 'shared' | 'none'; key: string } {
    if (row?.secretSealed) return { source: 'rotated', key: openSecret(this.wallet.sealKey, row.secretSealed)?.secret ?? '' };
    const own = this.config.secrets[code];
    if (own) return { source: 'own', key: own };
    return this.config.defaultSecret ? { source: 'shared', key: this.config.defaultSecret } : { source: 'none', key: '' };
  }

  /**
   * Rotates a seamless platform's signing key: a new random key, sealed at rest, answered once so the operator can
   * hand it to the provider; the key before it is accepted for a day more. Audited with both keys masked.
   */
  async rotateKey(op: Operator, code: string) {
    const key = randomBytes(KEY_BYTES).toString('hex');
    const until = new Date(Date.now() + PREVIOUS_KEY_GRACE_MS);
    await this.db.transaction(async (tx) => {
      const row = await repo.seamlessPlatformForUpdate(tx, code);
      if (!row) throw new ApiError('not_found');
      const before = this.keyOf(code, row);
      await repo.rotateKey(tx, code, {
        sealed: sealSecret(this.wallet.sealKey, key),
        previousSealed: before.key ? sealSecret(this.wallet.sealKey, before.key) : null,
        previousValidUntil: before.key ? until : null,
      });
      const words = {
        rotated: 'a key set in the back office',
        own: 'its own key of the configuration',
        shared: 'the shared key of the configuration',
        none: 'no key',
      };
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'seamless.key',
        target: `platform:${code}`,
        ip: op.ip,
        before: { key: before.key ? `${words[before.source]} ending ${before.key.slice(-4)}` : words.none },
        after: { key: `a new key ending ${key.slice(-4)}${before.key ? `; the key before it is accepted until ${until.toISOString()}` : ''}` },
      });
    });
    this.wallet.forgetPlatform(code);
    const platform = (await this.platforms()).find((p) => p.code === code);
    if (!platform) throw new ApiError('not_found');
    return { key, platform };
  }

  /** Makes a platform seamless (with its round limit) or a transfer platform again, audited with before and after. */
  async setWalletModel(
    op: Operator,
    code: string,
    body: { wallet_model: 'seamless' | 'transfer'; round_limit_minutes?: number },
  ): Promise<SeamlessPlatformView> {
    if (!(await platformByCode(this.db, code)).length) throw new ApiError('not_found');
    await this.db.transaction(async (tx) => {
      const before = await repo.seamlessPlatform(tx, code);
      if (body.wallet_model === 'seamless') await repo.saveSeamlessPlatform(tx, code, body.round_limit_minutes ?? before?.roundLimitMinutes ?? 60);
      else await repo.removeSeamlessPlatform(tx, code);
      const after = await repo.seamlessPlatform(tx, code);
      const words = (row: repo.PlatformRow | undefined) => (row ? `seamless wallet, rounds open at most ${row.roundLimitMinutes} minutes` : 'transfer wallet');
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'seamless.platform',
        target: `platform:${code}`,
        ip: op.ip,
        before: { wallet: words(before) },
        after: { wallet: words(after) },
      });
    });
    this.wallet.forgetPlatform(code);
    const view = (await this.platforms()).find((p) => p.code === code);
    if (!view) throw new ApiError('not_found');
    return view;
  }

  /** The transaction log: by player, provider, round and Taipei days, newest first. */
  async transactions(q: Paging & { player_id?: string; code?: string; round_id?: string; start?: string; end?: string }) {
    const { rows, total } = await repo.searchTransactions(this.db, {
      playerId: q.player_id ? Number(q.player_id) : undefined,
      code: q.code || undefined,
      roundId: q.round_id || undefined,
      from: q.start ? startOfTaipeiDate(q.start) : undefined,
      to: q.end ? new Date(startOfTaipeiDate(q.end).getTime() + DAY_MS - 1) : undefined,
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    return {
      data: rows.map((r) => ({
        id: r.id,
        code: r.gpCode,
        tx_id: r.txId,
        kind: r.kind,
        player_id: r.playerId,
        round_id: r.roundId,
        game_code: r.gameCode,
        amount: minorToDecimal(r.amountMinor),
        ref_tx_id: r.refTxId,
        status: r.status,
        answer: r.code,
        journal_id: r.journalId,
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** A provider's rounds still open past its limit, oldest first. */
  async openRounds(code: string) {
    const platform = await repo.seamlessPlatform(this.db, code);
    if (!platform) throw new ApiError('not_found');
    const rows = await repo.staleOpenRounds(this.db, code, new Date(Date.now() - platform.roundLimitMinutes * MINUTE_MS), RECONCILE_BATCH);
    return rows.map((r) => ({
      code: r.gpCode,
      round_id: r.roundId,
      player_id: r.playerId,
      game_code: r.gameCode,
      stake: minorToDecimal(r.stakeMinor),
      payout: minorToDecimal(r.payoutMinor),
      status: r.status,
      opened_at: r.openedAt.toISOString(),
      closed_at: iso(r.closedAt),
    }));
  }

  /** Compares the stale open rounds with the provider's report; each one becomes a finding unless one is open already. */
  async reconcile(code: string): Promise<{ rounds_checked: number; findings_opened: number; report_rounds: number }> {
    const platform = await repo.seamlessPlatform(this.db, code);
    if (!platform || !this.provider) throw new ApiError('not_found');
    const stale = await repo.staleOpenRounds(this.db, code, new Date(Date.now() - platform.roundLimitMinutes * MINUTE_MS), RECONCILE_BATCH);
    if (!stale.length) return { rounds_checked: 0, findings_opened: 0, report_rounds: 0 };
    let report: ProviderRoundReport[];
    try {
      report = await this.provider.roundReport(code, new Date(stale[0]!.openedAt.getTime() - DAY_MS), new Date());
    } catch {
      throw new ApiError('platform_unavailable');
    }
    const theirs = new Map(report.map((r) => [r.roundId, r]));
    let opened = 0;
    for (const round of stale) {
      const other = theirs.get(round.roundId);
      const kind = differenceOf(round, other);
      const added = await repo.openFinding(this.db, {
        gpCode: code,
        roundId: round.roundId,
        playerId: round.playerId,
        kind,
        oursStakeMinor: round.stakeMinor,
        oursPayoutMinor: round.payoutMinor,
        theirsStakeMinor: other?.stakeMinor ?? null,
        theirsPayoutMinor: other?.payoutMinor ?? null,
      });
      if (added) opened++;
    }
    return { rounds_checked: stale.length, findings_opened: opened, report_rounds: report.length };
  }

  /**
   * The scheduled reconciliation (jobs/registry.ts, one instance at a time under its advisory lock): every seamless
   * platform's stale open rounds compared with its round report. A provider whose report cannot be had is skipped
   * this time and named in the answer; the others still run.
   */
  async reconcileAll(): Promise<Array<{ code: string; rounds_checked: number; findings_opened: number } | { code: string; failed: true }>> {
    const out: Array<{ code: string; rounds_checked: number; findings_opened: number } | { code: string; failed: true }> = [];
    if (!this.provider) return out;
    for (const platform of await repo.allSeamlessPlatforms(this.db)) {
      try {
        const run = await this.reconcile(platform.gpCode);
        out.push({ code: platform.gpCode, rounds_checked: run.rounds_checked, findings_opened: run.findings_opened });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        out.push({ code: platform.gpCode, failed: true });
      }
    }
    return out;
  }

  async findings(q: Paging & { status?: string }) {
    const { rows, total } = await repo.findings(this.db, { status: q.status || undefined, limit: q.pageSize, offset: offsetOf(q) });
    return { data: rows.map(findingView), total, page: q.page, pageSize: q.pageSize };
  }

  /**
   * Resolves a finding: credit pays the win the provider reports and we never received (one journal, its key derived
   * from the finding), then closes the round; close closes it as it stands. Both rewrite the round's bet record and are
   * audited with the round before and after.
   */
  async resolve(op: Operator, id: number, body: { resolution: SeamlessResolution; note: string }) {
    const found = await repo.findingById(this.db, id);
    if (!found) throw new ApiError('not_found');
    const [central, house, catalogue] = await Promise.all([
      this.accounts.playerAccount(found.playerId, 'central'),
      this.accounts.seamlessHouseAccount(found.gpCode, found.playerId),
      platformByCode(this.db, found.gpCode),
    ]);
    const gameType = catalogue[0]?.group ?? 'slots';
    const resolved = await this.db.transaction(async (tx) => {
      const finding = await repo.openFindingForUpdate(tx, id);
      if (!finding) throw new ApiError('validation_failed', { resolution: ['bo.seamless.v.already_resolved'] });
      const owed = (finding.theirsPayoutMinor ?? 0n) - finding.oursPayoutMinor;
      if (body.resolution === 'credit' && owed <= 0n) throw new ApiError('validation_failed', { resolution: ['bo.seamless.v.nothing_owed'] });
      const before = await repo.roundOf(tx, finding.gpCode, finding.roundId);
      if (body.resolution === 'credit') await this.payOwed(tx, op, finding, { central, house, owedMinor: owed });
      const after = (await repo.closeRound(tx, finding.gpCode, finding.roundId, finding.playerId)) ?? (await repo.roundOf(tx, finding.gpCode, finding.roundId));
      if (after) await this.record(tx, after, gameType);
      await repo.resolveFinding(tx, id, { resolution: body.resolution, note: body.note, staffId: op.staffId });
      const words = (r: repo.RoundRow | undefined) =>
        r ? `${r.status}, stake ${minorToDecimal(r.stakeMinor)}, paid ${minorToDecimal(r.payoutMinor)}` : 'unknown';
      await recordAudit(tx, {
        staffId: op.staffId,
        action: `seamless.finding.${body.resolution}`,
        target: `seamless_round:${finding.gpCode}:${finding.roundId}`,
        ip: op.ip,
        detail: { finding: id, note: body.note },
        before: { round: words(before) },
        after: { round: words(after) },
      });
      return repo.findingById(tx, id);
    });
    if (!resolved) throw new ApiError('not_found');
    return findingView(resolved);
  }

  private async payOwed(tx: Tx, op: Operator, f: repo.FindingRow, m: { central: number; house: number; owedMinor: bigint }): Promise<void> {
    await postJournal(tx, {
      kind: 'seamless_credit',
      idempotencyKey: `seamless:${f.gpCode}:finding:${f.id}`,
      request: { finding: f.id, amount: m.owedMinor.toString() },
      playerId: f.playerId,
      ref: f.roundId,
      memo: `${f.gpCode} reconciliation ${f.roundId}`,
      staffId: op.staffId,
      postings: [
        { accountId: m.house, amountMinor: -m.owedMinor },
        { accountId: m.central, amountMinor: m.owedMinor },
      ],
    });
    await repo.addToRound(tx, {
      code: f.gpCode,
      roundId: f.roundId,
      playerId: f.playerId,
      gameCode: '',
      stakeMinor: 0n,
      payoutMinor: m.owedMinor,
      open: false,
    });
  }

  private record(tx: Tx, round: repo.RoundRow, gameType: string): Promise<void> {
    const closed = round.status === 'closed';
    return recordSeamlessRound(tx, {
      gpCode: round.gpCode,
      roundId: round.roundId,
      playerId: round.playerId,
      game: round.gameCode,
      gameType,
      stakeMinor: round.stakeMinor,
      payoutMinor: round.payoutMinor,
      status: closed ? (round.stakeMinor === 0n && round.payoutMinor === 0n ? 'void' : 'settled') : 'open',
      version: round.version,
      placedAt: round.openedAt,
      settledAt: closed ? round.closedAt : null,
    });
  }

  /** Our day's totals beside the provider's, from its round report of the same Taipei day. */
  async daily(code: string, date: string) {
    if (!(await repo.seamlessPlatform(this.db, code))) throw new ApiError('not_found');
    const from = startOfTaipeiDate(date);
    const to = new Date(from.getTime() + DAY_MS);
    const ours = await repo.dailyTotals(this.db, code, from, to);
    let theirs: { debits: string; credits: string; rounds: number } | null = null;
    if (this.provider) {
      const report = await this.provider.roundReport(code, from, to).catch(() => undefined);
      if (report) {
        theirs = {
          debits: minorToDecimal(report.reduce((s, r) => s + r.stakeMinor, 0n)),
          credits: minorToDecimal(report.reduce((s, r) => s + r.payoutMinor, 0n)),
          rounds: report.length,
        };
      }
    }
    return { date, ours: { debits: minorToDecimal(ours.debitsMinor), credits: minorToDecimal(ours.creditsMinor), rounds: ours.rounds }, theirs };
  }
}
