// The ledger's read API: what other domains may know of accounts, journals and postings. The ledger owns those
// tables, so no domain queries them itself (scripts/check-structure.mjs enforces it); they ask here for balances,
// a player's postings with their journals, a journal by its idempotency key, and points.
import { and, asc, desc, eq, getTableName, gte, inArray, isNotNull, lte, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, journals, postings } from '../db/schema.ts';
import type { Asset, PlayerAccountKind } from './accounts.ts';
import type { JournalKind } from './kinds.ts';

/** Every kind of account a player holds: the money kinds and the points account. */
type AccountKind = PlayerAccountKind | 'points';

/** Rows one read answers at most; a page of a list is far smaller. */
const READ_LIMIT_MAX = 1_000;

function assertLimit(limit: number, offset = 0): void {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > READ_LIMIT_MAX || !Number.isSafeInteger(offset) || offset < 0) {
    throw new Error(`ledger invariant: a read answers 1..${READ_LIMIT_MAX} rows from a non-negative offset`);
  }
}

/** `column in (values)`, matching nothing for an empty list. */
function inList<T extends string>(column: Parameters<typeof inArray>[0], values: readonly T[]): SQL {
  return values.length ? inArray(column, [...values]) : sql`false`;
}

// ---- balances -------------------------------------------------------------------------------------

export interface AccountBalance {
  id: number;
  kind: string;
  ref: string;
  asset: Asset;
  balanceMinor: bigint;
}

/**
 * The accounts of a player (money and points), oldest first: the first `limit` for a view that shows a few, or
 * every one for a wallet's balances. A player has a handful of fixed accounts plus one per activity wallet and
 * platform, so the whole list stays small.
 */
export async function accountsOf(db: DbOrTx, playerId: number, limit?: number): Promise<AccountBalance[]> {
  if (limit !== undefined) assertLimit(limit);
  const query = db
    .select({ id: accounts.id, kind: accounts.kind, ref: accounts.ref, asset: accounts.asset, balanceMinor: accounts.balanceMinor })
    .from(accounts)
    .where(and(eq(accounts.playerId, playerId), isNotNull(accounts.playerId)))
    .orderBy(asc(accounts.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({ ...r, asset: r.asset as Asset }));
}

/** The player's central wallet balance in minor units; 0 before the account exists. */
export async function centralBalanceOf(db: DbOrTx, playerId: number): Promise<bigint> {
  const rows = await db
    .select({ b: accounts.balanceMinor })
    .from(accounts)
    .where(and(eq(accounts.playerId, playerId), eq(accounts.kind, 'central'), eq(accounts.ref, ''), eq(accounts.asset, 'money')))
    .limit(1);
  return rows[0]?.b ?? 0n;
}

/**
 * A scalar sub-select of the central wallet balance (minor units, 0 before the account exists) of the player whose
 * id the caller's column holds, so a list can show and filter by balance in one statement. The column is written
 * qualified: inside a select list drizzle would render it bare.
 */
export function centralBalanceOfColumn(playerId: Column): SQL<string> {
  const column = sql.raw(`"${getTableName(playerId.table)}"."${playerId.name}"`);
  return sql<string>`coalesce((select a.balance_minor from accounts a where a.player_id = ${column}
    and a.kind = 'central' and a.ref = '' and a.asset = 'money'), 0)`;
}

/** What the player's money accounts of these kinds hold together (withdraw_hold, or platform and transit...). */
export async function balanceSumOf(db: DbOrTx, playerId: number, kinds: readonly PlayerAccountKind[]): Promise<bigint> {
  const rows = await db
    .select({ s: sql<string | null>`sum(${accounts.balanceMinor})::text` })
    .from(accounts)
    .where(and(eq(accounts.playerId, playerId), inList(accounts.kind, kinds), eq(accounts.asset, 'money')));
  return BigInt(rows[0]?.s ?? '0');
}

/**
 * The balances of activity wallets' accounts (kind bonus, ref the wallet id), by wallet id; a wallet whose account
 * is not open yet is absent. Wallet ids are unique across players, so the id alone names the account.
 */
export async function bonusWalletBalances(db: DbOrTx, walletIds: readonly number[]): Promise<Map<number, bigint>> {
  const ids = [...new Set(walletIds)];
  assertLimit(Math.max(ids.length, 1));
  if (!ids.length) return new Map();
  const rows = await db
    .select({ ref: accounts.ref, balanceMinor: accounts.balanceMinor })
    .from(accounts)
    .where(and(eq(accounts.kind, 'bonus'), isNotNull(accounts.playerId), inArray(accounts.ref, ids.map(String))));
  return new Map(rows.map((r) => [Number(r.ref), r.balanceMinor]));
}

/** The player's VIP points (whole points); 0 before the account exists. */
export async function pointsBalanceOf(db: DbOrTx, playerId: number): Promise<bigint> {
  const rows = await db
    .select({ b: accounts.balanceMinor })
    .from(accounts)
    .where(and(eq(accounts.playerId, playerId), eq(accounts.kind, 'points'), eq(accounts.asset, 'points')))
    .limit(1);
  return rows[0]?.b ?? 0n;
}

/**
 * An account's balance, with its row locked until the caller's transaction ends: for a rule that reads the
 * balance and then posts a journal on it, so no other journal moves it in between.
 */
export async function lockedBalanceOf(tx: DbOrTx, accountId: number): Promise<bigint> {
  const rows = await tx.select({ b: accounts.balanceMinor }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  return rows[0]?.b ?? 0n;
}

// ---- journals -------------------------------------------------------------------------------------

export interface JournalSummary {
  id: number;
  kind: JournalKind;
  playerId: number | null;
  ref: string;
  memo: string;
  staffId: number | null;
  createdAt: Date;
  /** The journal this one reverses, when it is a reversal. */
  reversesJournalId: number | null;
  /** What the journal put into player accounts: the sum of its positive postings on them. */
  creditedMinor: bigint;
}

/** The journal a command wrote under its idempotency key, if any. */
export async function journalByKey(db: DbOrTx, key: string): Promise<JournalSummary | undefined> {
  const res = await db.execute<{
    id: string | number;
    kind: JournalKind;
    player_id: string | number | null;
    ref: string;
    memo: string;
    staff_id: string | number | null;
    created_at: string | Date;
    reverses_journal_id: string | number | null;
    credited: string | null;
  }>(sql`
    select j.id, j.kind, j.player_id, j.ref, j.memo, j.staff_id, j.created_at, j.reverses_journal_id,
      (select sum(p.amount_minor) from ${postings} p join ${accounts} a on a.id = p.account_id
        where p.journal_id = j.id and a.player_id is not null and p.amount_minor > 0)::text as credited
    from ${journals} j where j.idempotency_key = ${key}`);
  const row = res.rows[0];
  if (!row) return undefined;
  const idOrNull = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    kind: row.kind,
    playerId: idOrNull(row.player_id),
    ref: row.ref,
    memo: row.memo,
    staffId: idOrNull(row.staff_id),
    createdAt: new Date(row.created_at),
    reversesJournalId: idOrNull(row.reverses_journal_id),
    creditedMinor: BigInt(row.credited ?? '0'),
  };
}

/** The id of the journal that reverses this one, if it has been reversed. */
export async function reversalOf(db: DbOrTx, journalId: number): Promise<number | undefined> {
  const rows = await db.select({ id: journals.id }).from(journals).where(eq(journals.reversesJournalId, journalId)).limit(1);
  return rows[0]?.id;
}

/** How many players had a journal since the given time (the dashboard's active players). */
export async function activePlayersSince(db: DbOrTx, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(distinct ${journals.playerId})::int` })
    .from(journals)
    .where(and(isNotNull(journals.playerId), gte(journals.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

// ---- a player's postings --------------------------------------------------------------------------

/** Which of a player's postings a list shows; every field left out matches everything. */
export interface PostingFilter {
  asset?: Asset;
  accountKinds?: readonly AccountKind[];
  journalKinds?: readonly JournalKind[];
  /** Journals written at or after this time. */
  from?: Date;
  /** Journals written at or before this time. */
  to?: Date;
}

/** One posting on a player's account, with its journal: a line of a statement. */
export interface PlayerPosting {
  postingId: number;
  journalId: number;
  kind: JournalKind;
  ref: string;
  memo: string;
  staffId: number | null;
  createdAt: Date;
  accountKind: string;
  accountRef: string;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
}

function postingsWhere(playerId: number, f: PostingFilter): SQL | undefined {
  return and(
    eq(accounts.playerId, playerId),
    f.asset ? eq(accounts.asset, f.asset) : undefined,
    f.accountKinds ? inList(accounts.kind, f.accountKinds) : undefined,
    f.journalKinds ? inList(journals.kind, f.journalKinds) : undefined,
    f.from ? gte(journals.createdAt, f.from) : undefined,
    f.to ? lte(journals.createdAt, f.to) : undefined,
  );
}

const postingColumns = {
  postingId: postings.id,
  journalId: journals.id,
  kind: journals.kind,
  ref: journals.ref,
  memo: journals.memo,
  staffId: journals.staffId,
  createdAt: journals.createdAt,
  accountKind: accounts.kind,
  accountRef: accounts.ref,
  amountMinor: postings.amountMinor,
  balanceAfterMinor: postings.balanceAfterMinor,
};

/** The newest postings of a player that pass the filter, newest first. */
export async function latestPostings(db: DbOrTx, playerId: number, filter: PostingFilter, limit: number, offset = 0): Promise<PlayerPosting[]> {
  assertLimit(limit, offset);
  return db
    .select(postingColumns)
    .from(postings)
    .innerJoin(journals, eq(journals.id, postings.journalId))
    .innerJoin(accounts, eq(accounts.id, postings.accountId))
    .where(postingsWhere(playerId, filter))
    .orderBy(desc(postings.id))
    .limit(limit)
    .offset(offset);
}

/** How many postings of a player pass the filter. */
export async function countPostings(db: DbOrTx, playerId: number, filter: PostingFilter): Promise<number> {
  // The journal is joined only when the filter reads it: every posting has one.
  const needsJournal = filter.journalKinds !== undefined || filter.from !== undefined || filter.to !== undefined;
  const base = db
    .select({ n: sql<number>`count(*)::int` })
    .from(postings)
    .innerJoin(accounts, eq(accounts.id, postings.accountId));
  const rows = await (needsJournal ? base.innerJoin(journals, eq(journals.id, postings.journalId)) : base).where(postingsWhere(playerId, filter));
  return Number(rows[0]?.n ?? 0);
}

/** One page of a player's postings (newest first) and how many there are in all: a statement's page. */
export async function postingsPage(
  db: DbOrTx,
  playerId: number,
  filter: PostingFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PlayerPosting[]; total: number }> {
  const [rows, total] = await Promise.all([latestPostings(db, playerId, filter, page.limit, page.offset), countPostings(db, playerId, filter)]);
  return { rows, total };
}

/** The latest movements of a player's VIP points, newest first. */
export function pointsHistoryOf(db: DbOrTx, playerId: number, limit: number): Promise<PlayerPosting[]> {
  return latestPostings(db, playerId, { asset: 'points', accountKinds: ['points'] }, limit);
}

/** The wallet and payout-hold balances of the given partners, by partner id; a partner without accounts is absent. */
export async function partnerBalances(db: DbOrTx, partnerIds: readonly number[]): Promise<Map<number, { walletMinor: bigint; holdMinor: bigint }>> {
  if (!partnerIds.length) return new Map();
  const rows = await db
    .select({ kind: accounts.kind, ref: accounts.ref, balance: accounts.balanceMinor })
    .from(accounts)
    .where(and(sql`${accounts.playerId} is null`, inArray(accounts.kind, ['partner_wallet', 'partner_hold']), inArray(accounts.ref, partnerIds.map(String))));
  const out = new Map<number, { walletMinor: bigint; holdMinor: bigint }>();
  for (const r of rows) {
    const entry = out.get(Number(r.ref)) ?? { walletMinor: 0n, holdMinor: 0n };
    if (r.kind === 'partner_wallet') entry.walletMinor = r.balance;
    else entry.holdMinor = r.balance;
    out.set(Number(r.ref), entry);
  }
  return out;
}
