// What player protection announces, after the exclusion is committed and the player's other sessions are closed.
import type { ActivityWalletRule, ExclusionKind } from '../../../shared/schemas/protection.ts';

export type ProtectionEvents = {
  /**
   * A time-out or self-exclusion started. Money in play goes home and activity wallets follow
   * `activityWalletRule` (the operator's setting when the exclusion started).
   */
  'player.excluded': { playerId: number; exclusionId: number; kind: ExclusionKind; endsAt: Date | null; activityWalletRule: ActivityWalletRule };
};
