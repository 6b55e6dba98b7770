// Shapes the player page reads from /api/backoffice/players/:id/*.
import type { LedgerLineView, PlayerSummaryView, PlayerWalletsView } from '../../../shared/schemas/backoffice/players.ts';
import type { StaffPlatformView } from '../../../shared/schemas/backoffice/catalogue.ts';

export type PlayerSummary = PlayerSummaryView;

/** A game platform as GET /platforms lists it. */
export type PlatformInfo = StaffPlatformView;

export type LiveBalance = NonNullable<PlatformWallet['live']>;

export type BonusWallet = PlayerWalletsView['bonus_wallets'][number];

export type PlatformWallet = PlayerWalletsView['platform_wallets'][number];

export type Wallets = PlayerWalletsView;

export type LedgerEntry = LedgerLineView;
