// The user of GET /api/auth/me: its schema lives in schemas/user.ts; these names stay for the stores that read it.
export type { BonusWalletView, UserView } from './schemas/user.ts';
