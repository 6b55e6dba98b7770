// Default VIP rules for levels 0 to 10, inserted once; operators change them in the back office's level editor.
import type { DbOrTx } from '../../db/client.ts';
import { vipLevelRules } from '../../db/schema.ts';
import { GAME_GROUPS } from '../../../shared/schemas/vip.ts';

/** Deposit totals (whole dollars) over the period that reach each level; valid bet needs twice that. */
const DEPOSIT_STEPS = [0, 1_000, 5_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000];
const UPGRADE_REWARDS = [0, 18, 58, 188, 388, 888, 1_888, 3_888, 8_888, 18_888, 38_888];

export async function seedVipRules(db: DbOrTx): Promise<void> {
  await db
    .insert(vipLevelRules)
    .values(
      DEPOSIT_STEPS.map((deposit, id) => ({
        levelId: id,
        depositReqMinor: BigInt(deposit) * 100n,
        validBetReqMinor: BigInt(deposit) * 200n,
        keepValidBetMinor: BigInt(deposit) * 100n,
        upgradeRewardMinor: BigInt(UPGRADE_REWARDS[id]!) * 100n,
        monthlyRewardMinor: BigInt(Math.floor(UPGRADE_REWARDS[id]! / 2)) * 100n,
        birthdayRewardMinor: BigInt(UPGRADE_REWARDS[id]!) * 100n,
        rewardTarget: 'bonus',
        rewardFlowMultiple: 1,
        rebateRateBp: id === 0 ? 0 : 20 + id * 10,
        pointsRates: Object.fromEntries(GAME_GROUPS.map((g) => [g, 1 + id])),
      })),
    )
    .onConflictDoNothing();
}
