// The double-entry core (DESIGN.md section 4). Every movement of money is one journal whose postings
// sum to zero, written in the caller's transaction together with the cached balances it changes.
// Accounts are locked in ascending id order; player accounts never go below zero; a command's
// idempotency key makes a replay return the first journal, and a replay with other data is refused.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface Leg { accountId: number; amountMinor: bigint }

export interface JournalInput {
  kind: string;
  idempotencyKey: string;
  /** The command's own data; its hash tells a true replay from a different command reusing a key. */
  request: unknown;
  playerId?: number | null;
  ref?: string;
  memo?: string;
  staffId?: number | null;
  legs: Leg[];
}

export type LedgerErrorCode = 'insufficient_funds' | 'idempotency_mismatch';

/** An operating error a caller can answer the user with (as opposed to a broken invariant). */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  readonly accountId: number | undefined;
  constructor(code: LedgerErrorCode, accountId?: number) {
    super(code);
    this.code = code;
    this.accountId = accountId;
  }
}

/** A journal may touch at most this many accounts; real ones touch two to four. */
const MAX_LEGS = 16;

function assertInvariant(condition: unknown, message: string): asserts condition {
  // A broken invariant is a programmer error: crash loudly rather than write bad money data.
  if (!condition) throw new Error(`ledger invariant: ${message}`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

export function requestHash(input: Pick<JournalInput, 'kind' | 'request' | 'legs'>): Buffer {
  const legs = [...input.legs].sort((a, b) => a.accountId - b.accountId).map((l) => [l.accountId, l.amountMinor]);
  return createHash('sha256').update(canonical({ kind: input.kind, request: input.request, legs })).digest();
}

function toBuffer(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
}

async function existingJournal(tx: DbOrTx, key: string): Promise<{ id: number; hash: Buffer } | undefined> {
  const res = await tx.execute<{ id: string | number; request_hash: Buffer | Uint8Array }>(
    sql`select id, request_hash from journals where idempotency_key = ${key}`);
  const row = res.rows[0];
  return row ? { id: Number(row.id), hash: toBuffer(row.request_hash) } : undefined;
}

export interface PostResult { journalId: number; replayed: boolean }

/** Writes one balanced journal inside the caller's transaction. */
export async function postJournal(tx: DbOrTx, input: JournalInput): Promise<PostResult> {
  // Merge legs on the same account and check the shape before touching the database.
  const merged = new Map<number, bigint>();
  for (const leg of input.legs) {
    assertInvariant(Number.isSafeInteger(leg.accountId) && leg.accountId > 0, 'account id');
    assertInvariant(typeof leg.amountMinor === 'bigint', 'amounts are bigint minor units');
    merged.set(leg.accountId, (merged.get(leg.accountId) ?? 0n) + leg.amountMinor);
  }
  const legs = [...merged].filter(([, amount]) => amount !== 0n).sort((a, b) => a[0] - b[0]);
  assertInvariant(legs.length >= 2 && legs.length <= MAX_LEGS, `a journal has 2..${MAX_LEGS} legs`);
  assertInvariant(legs.reduce((sum, [, amount]) => sum + amount, 0n) === 0n, 'postings sum to zero');
  assertInvariant(input.idempotencyKey.length > 0 && input.idempotencyKey.length <= 120, 'idempotency key length');
  const hash = requestHash(input);

  // The journal row goes first: a replay is found by its key before any account is locked or checked,
  // and a concurrent command with the same key waits here for the first to commit.
  const inserted = await tx.execute<{ id: string | number }>(sql`
    insert into journals (kind, idempotency_key, request_hash, player_id, ref, memo, staff_id)
    values (${input.kind}, ${input.idempotencyKey}, ${hash}, ${input.playerId ?? null}, ${input.ref ?? ''}, ${input.memo ?? ''}, ${input.staffId ?? null})
    on conflict (idempotency_key) do nothing
    returning id`);
  if (!inserted.rows[0]) {
    const other = await existingJournal(tx, input.idempotencyKey);
    assertInvariant(other, 'a conflicting journal exists');
    if (!other.hash.equals(hash)) throw new LedgerError('idempotency_mismatch');
    return { journalId: other.id, replayed: true };
  }
  const journalId = Number(inserted.rows[0].id);

  // Ascending id order everywhere, so two journals over the same accounts cannot deadlock.
  const ids = legs.map(([id]) => id);
  const locked = await tx.execute<{ id: string | number; player_id: string | number | null; balance_minor: string | bigint }>(
    sql`select id, player_id, balance_minor from accounts where id in ${sql.raw(`(${ids.join(',')})`)} order by id for update`);
  assertInvariant(locked.rows.length === ids.length, 'every account of a journal exists');
  const balances = new Map(locked.rows.map((r) => [Number(r.id), { player: r.player_id !== null, balance: BigInt(r.balance_minor) }]));
  // Refusing here throws out of the caller's transaction, which takes the journal row with it.
  for (const [id, amount] of legs) {
    const acc = balances.get(id)!;
    if (acc.player && acc.balance + amount < 0n) throw new LedgerError('insufficient_funds', id);
  }

  // Postings and the cached balances they change, in one statement.
  const values = legs.map(([id, amount]) => {
    const after = balances.get(id)!.balance + amount;
    return sql`(${journalId}, ${id}, ${amount.toString()}::bigint, ${after.toString()}::bigint)`;
  });
  await tx.execute(sql`
    with p as (
      insert into postings (journal_id, account_id, amount_minor, balance_after_minor) values ${sql.join(values, sql`, `)}
      returning account_id, amount_minor
    )
    update accounts a set balance_minor = a.balance_minor + p.amount_minor from p where a.id = p.account_id`);
  return { journalId, replayed: false };
}
