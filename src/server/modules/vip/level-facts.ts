// What other domains may know about VIP level rules, asked through this file rather than by reading
// vip_level_rules: the rebate rate a level earns (the promotions' rebate with "use the VIP rate").
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { vipLevelRules } from '../../db/schema.ts';

/** A level's rebate rate in basis points; zero for a level without rules. */
export async function vipRebateBp(db: DbOrTx, levelId: number): Promise<number> {
  return (await db.select({ bp: vipLevelRules.rebateRateBp }).from(vipLevelRules).where(eq(vipLevelRules.levelId, levelId)).limit(1))[0]?.bp ?? 0;
}
