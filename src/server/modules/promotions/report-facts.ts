// What the reports domain may read of promotions: the grants paid, per Taipei day of payment and per
// promotion, with the promotion's mode, so the daily summary can show rebates apart from the other promotions and the
// bonuses report can show each promotion's cost. A paid grant is one promotion_grant journal (its journal_id) of the
// grant's amount, written in the same transaction that marks the grant paid and stamps reviewed_at.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { APPLICATION_STATUS, PROMOTION_MODE } from '../../../shared/schemas/promotions.ts';

/** The modes whose grants are rebates: a share of the player's valid bet handed back (mode 6). */
export const REBATE_MODES: readonly number[] = [PROMOTION_MODE.validBet];

const paidIn = (start: Date, end: Date) => sql`status = ${APPLICATION_STATUS.success} and journal_id is not null
  and reviewed_at >= ${start.toISOString()}::timestamptz and reviewed_at < ${end.toISOString()}::timestamptz`;

/** Per Taipei day of payment in [start, end): the amount and count of the grants of rebate modes. */
export async function rebatesByDay(db: DbOrTx, start: Date, end: Date): Promise<Map<string, { grants: number; amountMinor: bigint }>> {
  const res = await db.execute<{ day: string; n: number; amount: string }>(sql`
    select (reviewed_at at time zone 'Asia/Taipei')::date::text as day, count(*)::int as n, sum(amount_minor)::text as amount
    from promotion_grants where ${paidIn(start, end)} and mode = any(${`{${REBATE_MODES.join(',')}}`}::smallint[]) group by 1`);
  return new Map(res.rows.map((r) => [r.day, { grants: Number(r.n), amountMinor: BigInt(r.amount) }]));
}

export interface PromotionFigures {
  promotionId: number;
  mode: number;
  title: string;
  titleEn: string;
  rebate: boolean;
  grants: number;
  players: number;
  amountMinor: bigint;
}

/** The grants paid in [start, end) per promotion (players counted once each), with each promotion's mode and titles. */
export async function grantsByPromotion(db: DbOrTx, start: Date, end: Date): Promise<PromotionFigures[]> {
  const res = await db.execute<{ id: string; mode: number; title: string; title_en: string; n: number; players: number; amount: string }>(sql`
    select g.promotion_id::text as id, p.mode, p.title, p.title_en, g.n, g.players, g.amount
    from (select promotion_id, count(*)::int as n, count(distinct player_id)::int as players, sum(amount_minor)::text as amount
          from promotion_grants where ${paidIn(start, end)} group by promotion_id) g
    join promotions p on p.id = g.promotion_id`);
  return res.rows.map((r) => ({
    promotionId: Number(r.id),
    mode: Number(r.mode),
    title: r.title,
    titleEn: r.title_en,
    rebate: REBATE_MODES.includes(Number(r.mode)),
    grants: Number(r.n),
    players: Number(r.players),
    amountMinor: BigInt(r.amount),
  }));
}

/**
 * The activity wallets promotion grants paid into, as a sub-select (wallet_id, promotion_id, mode, title, title_en)
 * another domain's statement joins by wallet: the bonuses report attributes what a wallet releases to its promotion.
 */
export function walletPromotions(): SQL {
  return sql`(select g.wallet_id, g.promotion_id, p.mode, p.title, p.title_en
    from promotion_grants g join promotions p on p.id = g.promotion_id where g.wallet_id is not null)`;
}
