// What identity verification (modules/kyc) may know of a player's registration, asked through this file rather than by
// reading the players and verification_codes tables: whether the phone was proved by an SMS code when the account
// was opened, and the personal details the identity documents must match.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface VerificationFacts {
  account: string;
  realName: string;
  birthday: string;
  gender: string;
  /** A registration code for the player's phone was consumed in the transaction that opened the account. */
  phoneVerified: boolean;
}

/**
 * The registration consumes the code in the same transaction that inserts the player, so the code's consumed_at equals
 * the player's created_at (both are the transaction's now()); a code used later for another purpose does not count.
 */
export async function verificationFacts(db: DbOrTx, playerId: number): Promise<VerificationFacts | undefined> {
  const { rows } = await db.execute<{ account: string; real_name: string; birthday: string; gender: string; phone_verified: boolean }>(sql`
    select p.account, p.real_name, p.birthday, p.gender,
      exists (select 1 from verification_codes c where c.phone = p.phone and c.purpose = 'register'
        and c.consumed_at is not null and c.consumed_at <= p.created_at) as phone_verified
    from players p where p.id = ${playerId}`);
  const r = rows[0];
  return r && { account: r.account, realName: r.real_name, birthday: r.birthday, gender: r.gender, phoneVerified: !!r.phone_verified };
}

/** Account names and whether each player's phone was verified, for a page of the review queue. */
export async function accountsWithPhone(db: DbOrTx, playerIds: number[]): Promise<Map<number, { account: string; phoneVerified: boolean }>> {
  if (!playerIds.length) return new Map();
  const { rows } = await db.execute<{ id: string | number; account: string; phone_verified: boolean }>(sql`
    select p.id, p.account,
      exists (select 1 from verification_codes c where c.phone = p.phone and c.purpose = 'register'
        and c.consumed_at is not null and c.consumed_at <= p.created_at) as phone_verified
    from players p where p.id in (${sql.join(
      [...new Set(playerIds)].map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [Number(r.id), { account: r.account, phoneVerified: !!r.phone_verified }]));
}
