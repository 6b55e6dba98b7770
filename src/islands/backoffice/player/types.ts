// Shapes the player page reads from /api/backoffice/players/:id/*.
import type { Transfer } from '../money.tsx';
import type { LedgerLineView, PlayerSummaryView, PlayerWalletsView } from '../../../shared/schemas/backoffice/players.ts';

export type PlayerSummary = PlayerSummaryView;

export interface PlatformInfo { code: string; group: string; name: string; name_en: string; status: number; maintain_status: number }

export type LiveBalance = { status: 'ok'; amount: string } | { status: 'maintenance' | 'unavailable' | 'no_account' };

export type BonusWallet = PlayerWalletsView['bonus_wallets'][number];

export type PlatformWallet = PlayerWalletsView['platform_wallets'][number];

export type Wallets = PlayerWalletsView;

export type LedgerEntry = LedgerLineView;
