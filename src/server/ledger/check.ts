// The invariants of the ledger, checked against the whole database. Tests call it after every run and
// operators run it as `npm run ledger:check`.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface Violation {
  invariant: string;
  detail: Record<string, unknown>;
}

/** The start of the first month not archived: journals before it may have their postings in the archive schema. */
const ARCHIVE_HORIZON = sql`coalesce((select max(month) + interval '1 month' from ledger_closing_balances), '-infinity'::timestamp) at time zone 'UTC'`;

/** At most this many examples are listed per invariant; the count says how many there are. */
const EXAMPLES = 20;

async function rows<T extends Record<string, unknown>>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/**
 * Partner accounts have no player, so the ledger function's overdraft guard does not hold them at zero:
 * the partners service does, under the partner's row lock, and this checks it did.
 */
function negativePartnerAccounts(db: DbOrTx) {
  return rows(
    db,
    sql`
    select id as account_id, kind, ref, balance_minor::text as balance_minor
    from accounts where kind in ('partner_wallet', 'partner_hold') and balance_minor < 0 order by id limit ${EXAMPLES}`,
  );
}

/**
 * The checks that start from the archive (npm run ledger:archive): a journal of an archived month has its postings in
 * the archive schema and was checked when archived (its month's closing balances sum to zero), and the postings of
 * archived months are summed up in each account's last closing balance.
 */
async function journalAndBalanceChecks(db: DbOrTx): Promise<Array<[string, Record<string, unknown>[]]>> {
  return [
    [
      'journal postings sum to zero and number at least two',
      await rows(
        db,
        sql`
    select j.id as journal_id, coalesce(sum(p.amount_minor), 0)::text as sum_minor, count(p.id)::int as postings
    from journals j left join postings p on p.journal_id = j.id
    group by j.id having (coalesce(sum(p.amount_minor), 0) <> 0 or count(p.id) < 2)
      and (count(p.id) > 0 or j.created_at >= ${ARCHIVE_HORIZON})
    order by j.id limit ${EXAMPLES}`,
      ),
    ],

    [
      'account balance equals its last closing balance plus its postings since',
      await rows(
        db,
        sql`
    select a.id as account_id, a.kind, a.ref, a.balance_minor::text as balance_minor, coalesce(c.balance_minor, 0)::text as closing_minor,
      coalesce(p.s, 0)::text as postings_minor
    from accounts a left join (select account_id, sum(amount_minor) as s from postings group by account_id) p on p.account_id = a.id
    left join (select distinct on (account_id) account_id, balance_minor from ledger_closing_balances order by account_id, month desc) c
      on c.account_id = a.id
    where a.balance_minor <> coalesce(c.balance_minor, 0) + coalesce(p.s, 0)
    order by a.id limit ${EXAMPLES}`,
      ),
    ],

    [
      'every archived month closes at zero, per asset',
      await rows(
        db,
        sql`
    select c.month::text as month, a.asset, sum(c.balance_minor)::text as total_minor
    from ledger_closing_balances c join accounts a on a.id = c.account_id
    group by c.month, a.asset having sum(c.balance_minor) <> 0
    order by c.month limit ${EXAMPLES}`,
      ),
    ],
  ];
}

export async function checkLedger(db: DbOrTx): Promise<Violation[]> {
  const out: Violation[] = [];
  const add = (invariant: string, list: Record<string, unknown>[]) => {
    for (const detail of list.slice(0, EXAMPLES)) out.push({ invariant, detail });
  };
  // One group after the other, in this order, so the report lists the invariants as it always has.
  for (const checks of [journalAndBalanceChecks, accountAndTransferChecks, assetAndReversalChecks]) {
    for (const [invariant, list] of await checks(db)) add(invariant, list);
  }
  return out;
}

/** No account below zero that must not be, and the platform transfers settled or explained, their transit money matched. */
async function accountAndTransferChecks(db: DbOrTx): Promise<Array<[string, Record<string, unknown>[]]>> {
  return [
    [
      'no player balance is negative',
      await rows(
        db,
        sql`
    select id as account_id, player_id, kind, ref, balance_minor::text as balance_minor
    from accounts where player_id is not null and balance_minor < 0 order by id limit ${EXAMPLES}`,
      ),
    ],
    ['no partner wallet or payout hold is negative', await negativePartnerAccounts(db)],

    [
      'every platform transfer is settled, or pending with a reason',
      await rows(
        db,
        sql`
    select id as transfer_id, status, reason from platform_transfers
    where status not in ('pending', 'applied', 'refunded') or (status = 'pending' and coalesce(reason, '') = '')
    order by created_at limit ${EXAMPLES}`,
      ),
    ],

    // Money in transit is exactly what the pending transfers of that player and platform carry.
    [
      'transit balances equal the pending transfers',
      await rows(
        db,
        sql`
    select a.player_id, a.ref as gp_code, a.balance_minor::text as transit_minor, coalesce(t.s, 0)::text as pending_minor
    from accounts a
    left join (select player_id, gp_code, sum(amount_minor) as s from platform_transfers where status = 'pending' group by player_id, gp_code) t
      on t.player_id = a.player_id and t.gp_code = a.ref
    where a.kind = 'transit' and a.balance_minor <> coalesce(t.s, 0)
    order by a.player_id limit ${EXAMPLES}`,
      ),
    ],
  ];
}

/** Each asset sums to zero apart, and a reversal mirrors its original exactly. */
async function assetAndReversalChecks(db: DbOrTx): Promise<Array<[string, Record<string, unknown>[]]>> {
  return [
    // Money and points are separate assets: each sums to zero on its own, and no journal moves both.
    [
      'the whole ledger sums to zero, per asset',
      await rows(
        db,
        sql`
    select asset, sum(balance_minor)::text as total_minor from accounts group by asset having coalesce(sum(balance_minor), 0) <> 0`,
      ),
    ],

    [
      'no journal mixes assets',
      await rows(
        db,
        sql`
    select p.journal_id, string_agg(distinct a.asset, ',') as assets
    from postings p join accounts a on a.id = p.account_id
    group by p.journal_id having count(distinct a.asset) > 1
    order by p.journal_id limit ${EXAMPLES}`,
      ),
    ],

    [
      'no player points balance is negative',
      await rows(
        db,
        sql`
    select id as account_id, player_id, balance_minor::text as points
    from accounts where asset = 'points' and player_id is not null and balance_minor < 0 order by id limit ${EXAMPLES}`,
      ),
    ],

    // A reversal (reversal.ts) is the mirror image of its original: each journal has one posting per account, so
    // the two cancel exactly when every account's postings over both sum to zero and both name as many accounts.
    [
      'a reversal sums to the exact negation of its original',
      await rows(
        db,
        sql`
    select r.id as journal_id, r.reverses_journal_id as original_id
    from journals r
    where r.reverses_journal_id is not null and exists (select 1 from postings p where p.journal_id = r.reverses_journal_id) and (
      exists (select 1 from postings p where p.journal_id in (r.id, r.reverses_journal_id)
              group by p.account_id having sum(p.amount_minor) <> 0)
      or (select count(*) from postings p where p.journal_id = r.id)
         <> (select count(*) from postings p where p.journal_id = r.reverses_journal_id))
    order by r.id limit ${EXAMPLES}`,
      ),
    ],

    [
      'a reversal keeps the kind and player of its original and reverses no reversal',
      await rows(
        db,
        sql`
    select r.id as journal_id, o.id as original_id, r.kind, o.kind as original_kind
    from journals r join journals o on o.id = r.reverses_journal_id
    where r.kind <> o.kind or r.player_id is distinct from o.player_id or o.reverses_journal_id is not null
    order by r.id limit ${EXAMPLES}`,
      ),
    ],
  ];
}

export function formatViolations(violations: Violation[]): string {
  if (!violations.length) return 'ledger check: every invariant holds';
  const lines = [`ledger check: ${violations.length} violation(s)`];
  for (const v of violations) lines.push(`  - ${v.invariant}: ${JSON.stringify(v.detail)}`);
  return lines.join('\n');
}
