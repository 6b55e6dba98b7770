// SQL of the seamless wallet's own tables (src/server/db/schema-seamless.ts). Every write that decides an outcome is
// a conditional statement: the unique (provider, transaction id) claims a transaction, and a state changes only
// from the state the caller saw, so two racing calls cannot both win.
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { seamlessFindings, seamlessPlatforms, seamlessRounds, seamlessSessions, seamlessTransactions } from '../../db/schema.ts';
import type { SeamlessCode, SeamlessTxStatus } from '../../../shared/seamless-statuses.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { booleanArray, numberArray, rowsInItemOrder, textArray } from '../../db/arrays.ts';

export type TxRow = typeof seamlessTransactions.$inferSelect;
export type RoundRow = typeof seamlessRounds.$inferSelect;
export type PlatformRow = typeof seamlessPlatforms.$inferSelect;
export type FindingRow = typeof seamlessFindings.$inferSelect;

export async function seamlessPlatform(db: DbOrTx, code: string): Promise<PlatformRow | undefined> {
  return (await db.select().from(seamlessPlatforms).where(eq(seamlessPlatforms.gpCode, code)).limit(1))[0];
}

export async function allSeamlessPlatforms(db: DbOrTx): Promise<PlatformRow[]> {
  return db.select().from(seamlessPlatforms).orderBy(seamlessPlatforms.gpCode);
}

export async function saveSeamlessPlatform(db: DbOrTx, code: string, roundLimitMinutes: number): Promise<void> {
  await db
    .insert(seamlessPlatforms)
    .values({ gpCode: code, roundLimitMinutes })
    .onConflictDoUpdate({ target: seamlessPlatforms.gpCode, set: { roundLimitMinutes, updatedAt: sql`now()` } });
}

/** A platform's row, locked, for a change of its signing key. */
export async function seamlessPlatformForUpdate(tx: DbOrTx, code: string): Promise<PlatformRow | undefined> {
  return (await tx.select().from(seamlessPlatforms).where(eq(seamlessPlatforms.gpCode, code)).for('update'))[0];
}

/** Puts a new sealed signing key in place; the one before it stays accepted until the given moment. */
export async function rotateKey(
  tx: DbOrTx,
  code: string,
  set: { sealed: string; previousSealed: string | null; previousValidUntil: Date | null },
): Promise<void> {
  await tx
    .update(seamlessPlatforms)
    .set({ secretSealed: set.sealed, previousSecretSealed: set.previousSealed, previousValidUntil: set.previousValidUntil, updatedAt: sql`now()` })
    .where(eq(seamlessPlatforms.gpCode, code));
}

export async function removeSeamlessPlatform(db: DbOrTx, code: string): Promise<boolean> {
  return (await db.delete(seamlessPlatforms).where(eq(seamlessPlatforms.gpCode, code)).returning({ code: seamlessPlatforms.gpCode })).length > 0;
}

export async function insertSession(db: DbOrTx, row: typeof seamlessSessions.$inferInsert): Promise<void> {
  await db.insert(seamlessSessions).values(row);
}

export async function liveSession(db: DbOrTx, tokenHash: string, code: string, now: Date) {
  return (
    await db
      .select()
      .from(seamlessSessions)
      .where(and(eq(seamlessSessions.tokenHash, tokenHash), eq(seamlessSessions.gpCode, code), gte(seamlessSessions.expiresAt, now)))
      .limit(1)
  )[0];
}

/** Drops launch tokens that expired before the given moment, a bounded batch at a time. */
export async function purgeSessions(db: DbOrTx, before: Date): Promise<void> {
  await db.execute(sql`delete from seamless_sessions where token_hash in (select token_hash from seamless_sessions where expires_at < ${before} limit 1000)`);
}

/**
 * Claims a provider transaction id: the row is written and its id answered, or nothing is written and undefined
 * answered because the id is already taken. A claim racing another waits on the unique index until that one
 * commits or rolls back, so the loser always sees the winner's committed row afterwards.
 */
export async function claimTx(tx: DbOrTx, row: typeof seamlessTransactions.$inferInsert): Promise<number | undefined> {
  const inserted = await tx
    .insert(seamlessTransactions)
    .values(row)
    .onConflictDoNothing({ target: [seamlessTransactions.gpCode, seamlessTransactions.txId] })
    .returning({ id: seamlessTransactions.id });
  return inserted[0]?.id;
}

/** A transaction by its provider id, locked for the rest of the caller's transaction. */
export async function txForUpdate(tx: DbOrTx, code: string, txId: string): Promise<TxRow | undefined> {
  return (
    await tx
      .select()
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.gpCode, code), eq(seamlessTransactions.txId, txId)))
      .for('update')
  )[0];
}

export async function txById(db: DbOrTx, code: string, txId: string): Promise<TxRow | undefined> {
  return (
    await db
      .select()
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.gpCode, code), eq(seamlessTransactions.txId, txId)))
      .limit(1)
  )[0];
}

/** Records a transaction's outcome. */
export async function settleTx(tx: DbOrTx, id: number, set: { status: SeamlessTxStatus; code: SeamlessCode; journalId?: number | null }): Promise<void> {
  await tx
    .update(seamlessTransactions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(seamlessTransactions.id, id));
}

/** Moves a debit from one state to another; false when it was no longer in the expected state. */
export async function moveDebit(tx: DbOrTx, id: number, from: SeamlessTxStatus[], to: SeamlessTxStatus): Promise<boolean> {
  const res = await tx
    .update(seamlessTransactions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(seamlessTransactions.id, id), sql`${seamlessTransactions.status} in ${sql.raw(`(${from.map((s) => `'${s}'`).join(',')})`)}`))
    .returning({ id: seamlessTransactions.id });
  return res.length > 0;
}

/**
 * Adds to a round's stakes and wins, opening it on its first debit. Answers undefined when the round exists but is
 * closed (for a debit) or belongs to another player: the caller refuses the call.
 */
export async function addToRound(
  tx: DbOrTx,
  r: { code: string; roundId: string; playerId: number; gameCode: string; stakeMinor: bigint; payoutMinor: bigint; open: boolean },
): Promise<RoundRow | undefined> {
  const rows = await tx
    .insert(seamlessRounds)
    .values({
      gpCode: r.code,
      roundId: r.roundId,
      playerId: r.playerId,
      gameCode: r.gameCode,
      stakeMinor: r.stakeMinor,
      payoutMinor: r.payoutMinor,
      version: 1,
    })
    .onConflictDoUpdate({
      target: [seamlessRounds.gpCode, seamlessRounds.roundId],
      set: {
        stakeMinor: sql`${seamlessRounds.stakeMinor} + excluded.stake_minor`,
        payoutMinor: sql`${seamlessRounds.payoutMinor} + excluded.payout_minor`,
        version: sql`${seamlessRounds.version} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: and(sql`${seamlessRounds.playerId} = excluded.player_id`, r.open ? eq(seamlessRounds.status, 'open') : undefined),
    })
    .returning();
  return rows[0];
}

export async function roundOf(db: DbOrTx, code: string, roundId: string): Promise<RoundRow | undefined> {
  return (
    await db
      .select()
      .from(seamlessRounds)
      .where(and(eq(seamlessRounds.gpCode, code), eq(seamlessRounds.roundId, roundId)))
      .limit(1)
  )[0];
}

/** Closes an open round; undefined when it was not open (already closed, or unknown). */
export async function closeRound(tx: DbOrTx, code: string, roundId: string, playerId: number): Promise<RoundRow | undefined> {
  return (
    await tx
      .update(seamlessRounds)
      .set({ status: 'closed', closedAt: sql`now()`, version: sql`${seamlessRounds.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(eq(seamlessRounds.gpCode, code), eq(seamlessRounds.roundId, roundId), eq(seamlessRounds.playerId, playerId), eq(seamlessRounds.status, 'open')),
      )
      .returning()
  )[0];
}

export interface TxQuery {
  playerId?: number;
  code?: string;
  roundId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** The transaction log an operator searches: by player, provider, round and time, newest first. */
export async function searchTransactions(db: DbOrTx, q: TxQuery): Promise<{ rows: TxRow[]; total: number }> {
  const where = and(
    q.playerId !== undefined ? eq(seamlessTransactions.playerId, q.playerId) : undefined,
    q.code ? eq(seamlessTransactions.gpCode, q.code) : undefined,
    q.roundId ? eq(seamlessTransactions.roundId, q.roundId) : undefined,
    q.from ? gte(seamlessTransactions.createdAt, q.from) : undefined,
    q.to ? lte(seamlessTransactions.createdAt, q.to) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(seamlessTransactions).where(where).orderBy(desc(seamlessTransactions.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(seamlessTransactions)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Rounds still open that opened before the given moment, oldest first. */
export async function staleOpenRounds(db: DbOrTx, code: string, before: Date, limit: number): Promise<RoundRow[]> {
  return db
    .select()
    .from(seamlessRounds)
    .where(and(eq(seamlessRounds.gpCode, code), eq(seamlessRounds.status, 'open'), lt(seamlessRounds.openedAt, before)))
    .orderBy(seamlessRounds.openedAt)
    .limit(limit);
}

/** Opens a finding for a round unless one is already open for it. */
export async function openFinding(db: DbOrTx, row: typeof seamlessFindings.$inferInsert): Promise<boolean> {
  const res = await db.insert(seamlessFindings).values(row).onConflictDoNothing().returning({ id: seamlessFindings.id });
  return res.length > 0;
}

export async function findings(db: DbOrTx, q: { status?: string; limit: number; offset: number }): Promise<{ rows: FindingRow[]; total: number }> {
  const where = q.status ? eq(seamlessFindings.status, q.status) : undefined;
  const [rows, count] = await Promise.all([
    db.select().from(seamlessFindings).where(where).orderBy(desc(seamlessFindings.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(seamlessFindings)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findingById(db: DbOrTx, id: number): Promise<FindingRow | undefined> {
  return (await db.select().from(seamlessFindings).where(eq(seamlessFindings.id, id)).limit(1))[0];
}

/** Takes an open finding for resolution, locked; undefined when it is not open. */
export async function openFindingForUpdate(tx: DbOrTx, id: number): Promise<FindingRow | undefined> {
  return (
    await tx
      .select()
      .from(seamlessFindings)
      .where(and(eq(seamlessFindings.id, id), eq(seamlessFindings.status, 'open')))
      .for('update')
  )[0];
}

export async function resolveFinding(tx: DbOrTx, id: number, set: { resolution: 'credit' | 'close'; note: string; staffId: number }): Promise<void> {
  await tx
    .update(seamlessFindings)
    .set({ status: 'resolved', resolution: set.resolution, note: set.note, resolvedBy: set.staffId, resolvedAt: sql`now()` })
    .where(eq(seamlessFindings.id, id));
}

/** Open findings, for the metrics. */
export async function openFindingCount(db: DbOrTx): Promise<number> {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(seamlessFindings)
        .where(eq(seamlessFindings.status, 'open'))
    )[0]?.n ?? 0
  );
}

/** Our day's totals per provider (stakes and wins of accepted debits and credits), for the provider's daily report beside ours. */
export async function dailyTotals(db: DbOrTx, code: string, from: Date, to: Date) {
  const res = await db.execute<{ debits: string; credits: string; n: number }>(sql`
    select coalesce(sum(amount_minor) filter (where kind = 'debit' and status in ('open', 'settled')), 0)::text as debits,
      coalesce(sum(amount_minor) filter (where kind = 'credit' and status = 'accepted'), 0)::text as credits,
      count(distinct round_id) filter (where kind = 'debit' and status in ('open', 'settled'))::int as n
    from seamless_transactions where gp_code = ${code} and created_at >= ${from} and created_at < ${to}`);
  const r = res.rows[0];
  return { debitsMinor: BigInt(r?.debits ?? '0'), creditsMinor: BigInt(r?.credits ?? '0'), rounds: Number(r?.n ?? 0) };
}

/** A debit that a rollback cancelled before it came: its content, kept once it arrives (it is refused all the same). */
export async function fillCancelled(tx: DbOrTx, id: number, set: { hash: string; gameCode: string; amountMinor: bigint }): Promise<void> {
  await tx
    .update(seamlessTransactions)
    .set({ requestHash: set.hash, gameCode: set.gameCode, amountMinor: set.amountMinor, updatedAt: sql`now()` })
    .where(and(eq(seamlessTransactions.id, id), eq(seamlessTransactions.requestHash, '')));
}

/** Open rounds past their provider's round limit, counted per provider. */
export async function overdueRoundCounts(db: DbOrTx): Promise<Array<{ code: string; n: number }>> {
  const res = await db.execute<{ gp_code: string; n: number }>(sql`select r.gp_code, count(*)::int as n from seamless_rounds r
    join seamless_platforms p on p.gp_code = r.gp_code
    where r.status = 'open' and r.opened_at < now() - make_interval(mins => p.round_limit_minutes) group by r.gp_code`);
  return res.rows.map((r) => ({ code: r.gp_code, n: Number(r.n) }));
}

/** What seamless_debit_call and seamless_credit_call answer: 'fallback' when the call needs the full path. */
export interface CallRow {
  outcome: 'ok' | 'insufficient' | 'fallback';
  balanceMinor: bigint | null;
  round: RoundRow | undefined;
}

/**
 * The columns of a call's answer (o_round's fields beside the outcome and balance), as the driver gives them, with
 * times as ISO text so no driver setting decides how they parse.
 */
const callFields = {
  o_outcome: sql<string>`o_outcome`,
  o_balance: sql<string | number | null>`o_balance`,
  r_id: sql<string | number | null>`(o_round).id`,
  r_round_id: sql<string | null>`(o_round).round_id`,
  r_player_id: sql<string | number | null>`(o_round).player_id`,
  r_game_code: sql<string | null>`(o_round).game_code`,
  r_stake: sql<string | number | null>`(o_round).stake_minor`,
  r_payout: sql<string | number | null>`(o_round).payout_minor`,
  r_status: sql<string | null>`(o_round).status`,
  r_version: sql<number | null>`(o_round).version`,
  r_opened_at: sql<string | null>`to_json((o_round).opened_at) #>> '{}'`,
  r_closed_at: sql<string | null>`to_json((o_round).closed_at) #>> '{}'`,
  r_updated_at: sql<string | null>`to_json((o_round).updated_at) #>> '{}'`,
};

type RawCall = { [K in keyof typeof callFields]: (typeof callFields)[K]['_']['type'] };

function callRow(code: string, row: RawCall | undefined): CallRow {
  if (!row) throw new Error('seamless: a call function answered no row');
  const outcome = row.o_outcome as CallRow['outcome'];
  const round: RoundRow | undefined =
    row.r_id === null
      ? undefined
      : {
          id: Number(row.r_id),
          gpCode: code,
          roundId: row.r_round_id ?? '',
          playerId: Number(row.r_player_id),
          gameCode: row.r_game_code ?? '',
          stakeMinor: BigInt(row.r_stake ?? 0),
          payoutMinor: BigInt(row.r_payout ?? 0),
          status: row.r_status as RoundRow['status'],
          version: Number(row.r_version),
          openedAt: new Date(row.r_opened_at ?? 0),
          closedAt: row.r_closed_at === null ? null : new Date(row.r_closed_at),
          updatedAt: new Date(row.r_updated_at ?? 0),
        };
  return { outcome, balanceMinor: row.o_balance === null ? null : BigInt(row.o_balance), round };
}

/** The ledger's part of a call: ledger_post_asset_journal's arguments as journalArguments (ledger.ts) prepared them. */
export interface CallJournal {
  key: string;
  hash: Buffer;
  accounts: string;
  amounts: string;
  central: number;
}

/** seamless_debit_call (sql/seamless_debit_call.sql) as a prepared query; its arguments are the placeholders' names. */
function debitCallQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select(callFields)
    .from(
      sql`seamless_debit_call(${p('code')}, ${p('txId')}, ${p('playerId')}, ${p('roundId')}, ${p('gameCode')},
    ${p('amountMinor')}, ${p('requestHash')}, ${p('key')}, ${p('hash')}, ${p('memo')}, ${p('accounts')}::bigint[], ${p('amounts')}::bigint[],
    ${p('central')}, ${p('gameType')}, ${p('activeStatus')}::smallint)`,
    )
    .prepare('seamless_debit_call');
}

/** seamless_credit_call (sql/seamless_credit_call.sql) as a prepared query. */
function creditCallQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select(callFields)
    .from(
      sql`seamless_credit_call(${p('code')}, ${p('txId')}, ${p('playerId')}, ${p('roundId')}, ${p('debitTxId')},
    ${p('amountMinor')}, ${p('roundClosed')}, ${p('requestHash')}, ${p('key')}, ${p('hash')}, ${p('accounts')}::bigint[], ${p('amounts')}::bigint[],
    ${p('central')}, ${p('gameType')})`,
    )
    .prepare('seamless_credit_call');
}

/** seamless_debit_calls (sql/seamless_debit_calls.sql): a provider's debits of the same moment in one statement. */
function debitCallsQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ o_index: sql<number>`o_index`, ...callFields })
    .from(
      sql`seamless_debit_calls(${p('code')}, ${p('txIds')}::text[],
    ${p('playerIds')}::bigint[], ${p('roundIds')}::text[], ${p('gameCodes')}::text[], ${p('amountsMinor')}::bigint[], ${p('requestHashes')}::text[],
    ${p('keys')}::text[], ${p('hashes')}::text[], ${p('memos')}::text[], ${p('accounts')}::text[], ${p('amounts')}::text[], ${p('centrals')}::bigint[],
    ${p('gameType')}, ${p('activeStatus')}::smallint)`,
    )
    .prepare('seamless_debit_calls');
}

/** seamless_credit_calls (sql/seamless_credit_calls.sql): a provider's credits of the same moment in one statement. */
function creditCallsQuery(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ o_index: sql<number>`o_index`, ...callFields })
    .from(
      sql`seamless_credit_calls(${p('code')}, ${p('txIds')}::text[],
    ${p('playerIds')}::bigint[], ${p('roundIds')}::text[], ${p('debitTxIds')}::text[], ${p('amountsMinor')}::bigint[], ${p('roundClosed')}::boolean[],
    ${p('requestHashes')}::text[], ${p('keys')}::text[], ${p('hashes')}::text[], ${p('accounts')}::text[], ${p('amounts')}::text[],
    ${p('centrals')}::bigint[], ${p('gameType')})`,
    )
    .prepare('seamless_credit_calls');
}

/** The call statements, prepared once per database (a named statement each on PostgreSQL: many hundreds a second). */
const callsOf = preparedPerDb((db) => ({ debit: debitCallQuery(db), credit: creditCallQuery(db), debits: debitCallsQuery(db), credits: creditCallsQuery(db) }));

/** A debit's usual case as debitCall sends it: the call's facts and its journal. */
export interface DebitCall {
  c: {
    code: string;
    txId: string;
    playerId: number;
    roundId: string;
    gameCode: string;
    amountMinor: bigint;
    requestHash: string;
    memo: string;
    gameType: string;
    activeStatus: number;
  };
  j: CallJournal;
}

/** A credit's usual case as creditCall sends it. */
export interface CreditCall {
  c: {
    code: string;
    txId: string;
    playerId: number;
    roundId: string;
    debitTxId: string;
    amountMinor: bigint;
    roundClosed: boolean;
    requestHash: string;
    gameType: string;
  };
  j: CallJournal;
}

/**
 * A debit's usual case as one statement (sql/seamless_debit_call.sql), sent without a transaction around it: the player active,
 * the id claimed, the stake taken, the round and its bet record written. Answers 'fallback' having written nothing
 * when the full path must decide.
 */
export async function debitCall(db: Db, { c, j }: DebitCall): Promise<CallRow> {
  const rows = await callsOf(db).debit.execute({ ...c, key: j.key, hash: j.hash, accounts: j.accounts, amounts: j.amounts, central: j.central });
  return callRow(c.code, rows[0]);
}

/**
 * A credit's usual case as one statement (sql/seamless_credit_call.sql): claims the id, pays the win, settles the debit and the round
 * and writes its bet record (with the reports' daily figures once it settles).
 */
export async function creditCall(db: Db, { c, j }: CreditCall): Promise<CallRow> {
  const rows = await callsOf(db).credit.execute({ ...c, key: j.key, hash: j.hash, accounts: j.accounts, amounts: j.amounts, central: j.central });
  return callRow(c.code, rows[0]);
}

/** What every call of a batch shares: one provider (and so one game type) and one active status. */
function batchOf<T extends { c: { code: string; gameType: string } }>(calls: readonly T[]): { code: string; gameType: string } {
  const first = calls[0]?.c;
  if (!first || calls.some((x) => x.c.code !== first.code || x.c.gameType !== first.gameType))
    throw new Error('seamless: a batch holds the calls of one provider');
  return first;
}

/** A batch's answers by call, in the calls' order. */
function batchRows(code: string, n: number, rows: Array<{ o_index: number } & RawCall>): CallRow[] {
  return rowsInItemOrder(rows, n).map((row) => callRow(code, row));
}

/**
 * Many debits of one provider in one statement (sql/seamless_debit_calls.sql), each exactly debitCall's and
 * answered in the same order; anything one raises rolls them all back and raises.
 */
export async function debitCalls(db: Db, calls: readonly DebitCall[]): Promise<CallRow[]> {
  const { code, gameType } = batchOf(calls);
  const rows = await callsOf(db).debits.execute({
    code,
    gameType,
    activeStatus: calls[0]!.c.activeStatus,
    txIds: textArray(calls.map((x) => x.c.txId)),
    playerIds: numberArray(calls.map((x) => x.c.playerId)),
    roundIds: textArray(calls.map((x) => x.c.roundId)),
    gameCodes: textArray(calls.map((x) => x.c.gameCode)),
    amountsMinor: numberArray(calls.map((x) => x.c.amountMinor)),
    requestHashes: textArray(calls.map((x) => x.c.requestHash)),
    keys: textArray(calls.map((x) => x.j.key)),
    hashes: textArray(calls.map((x) => x.j.hash.toString('hex'))),
    memos: textArray(calls.map((x) => x.c.memo)),
    accounts: textArray(calls.map((x) => x.j.accounts)),
    amounts: textArray(calls.map((x) => x.j.amounts)),
    centrals: numberArray(calls.map((x) => x.j.central)),
  });
  return batchRows(code, calls.length, rows);
}

/** Many credits of one provider in one statement (sql/seamless_credit_calls.sql), as debitCalls. */
export async function creditCalls(db: Db, calls: readonly CreditCall[]): Promise<CallRow[]> {
  const { code, gameType } = batchOf(calls);
  const rows = await callsOf(db).credits.execute({
    code,
    gameType,
    txIds: textArray(calls.map((x) => x.c.txId)),
    playerIds: numberArray(calls.map((x) => x.c.playerId)),
    roundIds: textArray(calls.map((x) => x.c.roundId)),
    debitTxIds: textArray(calls.map((x) => x.c.debitTxId)),
    amountsMinor: numberArray(calls.map((x) => x.c.amountMinor)),
    roundClosed: booleanArray(calls.map((x) => x.c.roundClosed)),
    requestHashes: textArray(calls.map((x) => x.c.requestHash)),
    keys: textArray(calls.map((x) => x.j.key)),
    hashes: textArray(calls.map((x) => x.j.hash.toString('hex'))),
    accounts: textArray(calls.map((x) => x.j.accounts)),
    amounts: textArray(calls.map((x) => x.j.amounts)),
    centrals: numberArray(calls.map((x) => x.j.central)),
  });
  return batchRows(code, calls.length, rows);
}
