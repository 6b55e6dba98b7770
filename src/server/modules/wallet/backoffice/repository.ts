// SQL of the back office's money pages. Reads only, apart from the blacklist and a transfer's next check
// time: money itself moves through the wallet service, which owns the ledger's transactions.
import type { TransferOutcome } from '../../../../shared/schemas/wallet.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { JournalKind } from '../../../ledger/kinds.ts';
import {
  bonusWallets, gamePlatforms, platformTransfers, playerPlatforms, players, reconciliationFindings, sessions, staff,
} from '../../../db/schema.ts';
import { balanceSumOf, journalByKey as ledgerJournalByKey, postingsPage } from '../../../ledger/read.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';
import { TRANSFER_STATUS, type FindingStatus, type TransferStatus } from '../../../../shared/statuses.ts';

export type Blacklist = { type: string[]; game_platform_code: string[] };

const countOf = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

// Players.

/** What the player page shows at the top; never the password hash, and no contact details. */
export async function playerSummary(db: DbOrTx, where: { id: number } | { account: string }) {
  const rows = await db.select({
    id: players.id, account: players.account, levelId: players.levelId, status: players.status,
    autoTransfer: players.autoTransfer, blacklist: players.blacklist, createdAt: players.createdAt, lastLoginAt: players.lastLoginAt,
    online: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.playerId} = ${players.id}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
  }).from(players)
    .where('id' in where ? eq(players.id, where.id) : sql`lower(${players.account}) = lower(${where.account})`)
    .limit(1);
  return rows[0];
}

/** Locks the player row for a read-modify-write of its blacklist. */
export async function blacklistForUpdate(db: DbOrTx, playerId: number): Promise<{ account: string; blacklist: Blacklist } | undefined> {
  const rows = await db.select({ account: players.account, blacklist: players.blacklist }).from(players)
    .where(eq(players.id, playerId)).for('update').limit(1);
  return rows[0];
}

export async function setBlacklist(db: DbOrTx, playerId: number, blacklist: Blacklist): Promise<void> {
  await db.update(players).set({ blacklist }).where(eq(players.id, playerId));
}

// Platforms.

export async function platforms(db: DbOrTx) {
  return db.select({
    gpCode: gamePlatforms.gpCode, group: gamePlatforms.group, name: gamePlatforms.name, nameEn: gamePlatforms.nameEn,
    status: gamePlatforms.status, maintainStatus: gamePlatforms.maintainStatus,
  }).from(gamePlatforms).orderBy(asc(gamePlatforms.sort), asc(gamePlatforms.id));
}

export async function providerAccountsOf(db: DbOrTx, playerId: number) {
  return db.select({ gpCode: playerPlatforms.gpCode, providerPlayer: playerPlatforms.providerPlayer, bonusWalletId: playerPlatforms.bonusWalletId })
    .from(playerPlatforms).where(eq(playerPlatforms.playerId, playerId));
}

/** Money set aside for withdrawals that finance has not paid or released yet; the player's until then. */
export function withdrawHeldOf(db: DbOrTx, playerId: number): Promise<bigint> {
  return balanceSumOf(db, playerId, ['withdraw_hold']);
}

// Activity wallets: every status, which the wallet service's player-facing reads leave out.

export async function bonusWalletsOf(db: DbOrTx, playerId: number) {
  return db.select({
    wallet: bonusWallets, grantedByName: staff.username,
  }).from(bonusWallets).leftJoin(staff, eq(staff.id, bonusWallets.grantedBy))
    .where(eq(bonusWallets.playerId, playerId)).orderBy(desc(bonusWallets.id));
}

export async function bonusWalletById(db: DbOrTx, id: number) {
  const rows = await db.select().from(bonusWallets).where(eq(bonusWallets.id, id)).limit(1);
  return rows[0];
}

/** The journal a command wrote under its idempotency key, with what it put into its player account. */
export async function journalByKey(db: DbOrTx, key: string) {
  const journal = await ledgerJournalByKey(db, key);
  return journal && { id: journal.id, ref: journal.ref, creditedMinor: journal.creditedMinor };
}

/** The player an adjustment's idempotency key already moved money for, to tell a replay from a reuse of the key. */
export async function journalPlayerByKey(db: DbOrTx, key: string): Promise<{ id: number; playerId: number | null } | undefined> {
  const journal = await ledgerJournalByKey(db, key);
  return journal && { id: journal.id, playerId: journal.playerId };
}

// Transfers.

export async function pendingTransfersOf(db: DbOrTx, playerId: number) {
  return db.select().from(platformTransfers)
    .where(and(eq(platformTransfers.playerId, playerId), eq(platformTransfers.status, TRANSFER_STATUS.pending)))
    .orderBy(desc(platformTransfers.createdAt)).limit(100);
}

export async function transfersOf(db: DbOrTx, playerId: number, p: Paging & { status?: TransferStatus }) {
  const where = and(eq(platformTransfers.playerId, playerId), p.status ? eq(platformTransfers.status, p.status) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(platformTransfers).where(where)
      .orderBy(desc(platformTransfers.createdAt), desc(platformTransfers.id)).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ n: sql<number>`count(*)::int` }).from(platformTransfers).where(where),
  ]);
  return { rows, total: countOf(total) };
}

export async function transferById(db: DbOrTx, id: string) {
  const rows = await db.select({ transfer: platformTransfers, account: players.account }).from(platformTransfers)
    .innerJoin(players, eq(players.id, platformTransfers.playerId))
    .where(eq(platformTransfers.id, id)).limit(1);
  return rows[0];
}

/** Makes a pending transfer due now, so the next reconciliation run asks the provider about it. */
export async function makeDue(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.update(platformTransfers).set({ nextCheckAt: sql`now()` })
    .where(and(eq(platformTransfers.id, id), eq(platformTransfers.status, TRANSFER_STATUS.pending)))
    .returning({ id: platformTransfers.id });
  return rows.length > 0;
}

export async function allPending(db: DbOrTx, p: Paging) {
  const where = eq(platformTransfers.status, TRANSFER_STATUS.pending);
  const [rows, total] = await Promise.all([
    db.select({ transfer: platformTransfers, account: players.account }).from(platformTransfers)
      .innerJoin(players, eq(players.id, platformTransfers.playerId))
      .where(where).orderBy(asc(platformTransfers.createdAt)).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ n: sql<number>`count(*)::int` }).from(platformTransfers).where(where),
  ]);
  return { rows, total: countOf(total) };
}

// The ledger history of one player: every posting on any of their money accounts, newest first (points
// have their own list on the VIP section).

type LedgerRow = {
  posting_id: string; journal_id: string; kind: JournalKind; ref: string; memo: string; created_at: string | Date;
  account_kind: string; account_ref: string; amount_minor: string; balance_after_minor: string; staff_username: string | null;
};

export async function ledgerOf(db: DbOrTx, playerId: number, p: Paging) {
  const page = await postingsPage(db, playerId, { asset: 'money' }, { limit: p.pageSize, offset: offsetOf(p) });
  // Operators are named from the staff table, which the ledger does not read.
  const staffIds = [...new Set(page.rows.map((r) => r.staffId).filter((id): id is number => id !== null))];
  const names = new Map(staffIds.length
    ? (await db.select({ id: staff.id, username: staff.username }).from(staff).where(inArray(staff.id, staffIds))).map((s) => [s.id, s.username])
    : []);
  const rows: LedgerRow[] = page.rows.map((r) => ({
    posting_id: String(r.postingId), journal_id: String(r.journalId), kind: r.kind, ref: r.ref, memo: r.memo, created_at: r.createdAt,
    account_kind: r.accountKind, account_ref: r.accountRef, amount_minor: r.amountMinor.toString(),
    balance_after_minor: r.balanceAfterMinor.toString(), staff_username: r.staffId === null ? null : names.get(r.staffId) ?? null,
  }));
  return { rows, total: page.total };
}

// Reconciliation findings, with the transfer each is about (balance mismatches have none).

export async function findings(db: DbOrTx, p: Paging & { status: FindingStatus }) {
  const where = eq(reconciliationFindings.status, p.status);
  const [rows, total] = await Promise.all([
    db.select({ finding: reconciliationFindings, transfer: platformTransfers, account: players.account })
      .from(reconciliationFindings)
      .leftJoin(platformTransfers, eq(platformTransfers.id, reconciliationFindings.transferId))
      .leftJoin(players, eq(players.id, reconciliationFindings.playerId))
      .where(where).orderBy(desc(reconciliationFindings.id)).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ n: sql<number>`count(*)::int` }).from(reconciliationFindings).where(where),
  ]);
  return { rows, total: countOf(total) };
}
