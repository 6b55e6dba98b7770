// Reference data every installation needs, and the demo data `npm start` shows on a fresh machine.
// Both are idempotent: rows that exist are left as operators changed them.
import type { StaffRole } from '../shared/schemas/backoffice/staff.ts';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { gamePlatforms, games, levels, players, seamlessPlatforms, settings, staff, systemMessages } from './db/schema.ts';
import { DEFAULT_SETTINGS, DEFAULT_WEBSITE_STATUS, WEBSITE_STATUS_KEY } from '../shared/settings.ts';
import { AuthService } from './modules/auth/service.ts';
import { openCentralAccount } from './modules/auth/repository.ts';
import { AccountDirectory } from './ledger/accounts.ts';
import { postJournal } from './ledger/ledger.ts';
import { seedVipRules } from './modules/vip/seed.ts';
import { seedConsultations } from './modules/consultations/seed.ts';
import { seedChatDemo } from './modules/chat/seed.ts';
import { seedDemoMessages } from './modules/messages/seed.ts';
import { seedDemoPromotions } from './modules/promotions/seed.ts';
import { seedRedPacketDemo } from './modules/redpacket/seed.ts';
import { SYSTEM_MESSAGE_STATUS } from '../shared/statuses.ts';

const DEMO_PLAYER = { account: 'demo1234', password: 'demo1234', phone: '0912345678' } as const;
const DEMO_OPERATOR = { username: 'admin', password: 'admin12345' } as const;
/** The demo's read-only compliance officer: reports, the audit log, identity verification and risk, never a write. */
const DEMO_COMPLIANCE = { username: 'compliance', password: 'compliance12345' } as const;

const LEVEL_NAMES: Array<[string, string]> = [
  ['新手', 'Rookie'],
  ['青銅', 'Bronze'],
  ['白銀', 'Silver'],
  ['黃金', 'Gold'],
  ['白金', 'Platinum'],
  ['鑽石', 'Diamond'],
  ['星耀', 'Star'],
  ['王者', 'King'],
  ['傳奇', 'Legend'],
  ['神話', 'Myth'],
  ['至尊', 'Supreme'],
];

/** At least one platform per game group, matching the stand-in providers of sim/. */
const PLATFORM_CATALOGUE = [
  { gpCode: 'SLX', group: 'slots', name: '星光電子', nameEn: 'Starlight Slots', sort: 1 },
  { gpCode: 'FSH', group: 'fish', name: '深海捕魚', nameEn: 'Deep Sea Fishing', sort: 2 },
  { gpCode: 'FSH', group: 'slots', name: '深海電子', nameEn: 'Deep Sea Slots', sort: 3 },
  { gpCode: 'LVC', group: 'casino', name: '皇家真人', nameEn: 'Royal Live Casino', sort: 4 },
  { gpCode: 'SPB', group: 'sports', name: '冠軍體育', nameEn: 'Champion Sports', sort: 5 },
  { gpCode: 'LTO', group: 'lottery', name: '幸運彩票', nameEn: 'Lucky Lottery', sort: 6 },
  { gpCode: 'CRD', group: 'cards', name: '棋牌天地', nameEn: 'Card Room', sort: 7 },
  { gpCode: 'ESP', group: 'esports', name: '電競先鋒', nameEn: 'Esports Vanguard', sort: 8 },
] as const;

/** The games the stand-in providers of sim/ really serve, one or more per group. */
const GAME_CATALOGUE = [
  { gpCode: 'SLX', gameCode: 'lucky-7', group: 'slots', name: '幸運七', nameEn: 'Lucky 7', sort: 1 },
  { gpCode: 'FSH', gameCode: 'ocean-hunt', group: 'fish', name: '海洋獵人', nameEn: 'Ocean Hunt', sort: 2 },
  { gpCode: 'LVC', gameCode: 'baccarat', group: 'casino', name: '百家樂', nameEn: 'Baccarat', sort: 3 },
  { gpCode: 'SPB', gameCode: 'football', group: 'sports', name: '足球', nameEn: 'Football', sort: 4 },
  { gpCode: 'LTO', gameCode: 'lucky-5', group: 'lottery', name: '幸運五', nameEn: 'Lucky 5', sort: 5 },
  { gpCode: 'CRD', gameCode: 'dragon-tiger', group: 'cards', name: '龍虎', nameEn: 'Dragon Tiger', sort: 6, hasDemo: false },
  { gpCode: 'ESP', gameCode: 'moba-cup', group: 'esports', name: 'MOBA 盃', nameEn: 'MOBA Cup', sort: 7 },
] as const;

/**
 * The seamless stand-in's platforms (sim/seamless): a slot and a live table whose games debit and credit
 * the central wallet bet by bet. Demo data only: a real installation makes a platform seamless in the back office.
 */
const SEAMLESS_DEMO_PLATFORMS = [
  { gpCode: 'SMS', group: 'slots', name: '無縫電子', nameEn: 'Seamless Slots', sort: 9 },
  { gpCode: 'SML', group: 'casino', name: '無縫真人', nameEn: 'Seamless Live Table', sort: 10 },
] as const;
const SEAMLESS_DEMO_GAMES = [
  { gpCode: 'SMS', gameCode: 'seamless-7', art: 'lucky-7', group: 'slots', name: '無縫幸運七', nameEn: 'Seamless Lucky 7', sort: 8 },
  { gpCode: 'SML', gameCode: 'seamless-baccarat', art: 'baccarat', group: 'casino', name: '無縫百家樂', nameEn: 'Seamless Baccarat', sort: 9 },
] as const;

/** The seamless demo platforms, their games and their wallet model; its own check, so older demo databases get them too. */
async function seedDemoSeamless(db: Db): Promise<void> {
  const known = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gamePlatforms)
    .where(sql`${gamePlatforms.gpCode} in ('SMS', 'SML')`);
  if (known[0]?.n) return;
  await db
    .insert(gamePlatforms)
    .values(SEAMLESS_DEMO_PLATFORMS.map((p) => ({ ...p })))
    .onConflictDoNothing();
  // Their own game codes keep the lobby's tiles apart from the transfer platforms' games they look like.
  await db
    .insert(games)
    .values(
      SEAMLESS_DEMO_GAMES.map(({ art, ...g }) => ({
        ...g,
        hasDemo: false,
        thumbnails: { cn: `/games/cn/${art}.svg`, en: `/games/en/${art}.svg`, th: `/games/th/${art}.svg` },
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(seamlessPlatforms)
    .values(SEAMLESS_DEMO_PLATFORMS.map((p) => ({ gpCode: p.gpCode, roundLimitMinutes: 60 })))
    .onConflictDoNothing();
}

export async function seedReference(db: Db): Promise<void> {
  await db
    .insert(levels)
    .values(LEVEL_NAMES.map(([zh, en], id) => ({ id, nameFrontend: zh, nameFrontendEn: en, ifShowFrontend: true })))
    .onConflictDoNothing();
  await seedVipRules(db);
  await db
    .insert(settings)
    .values([...Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })), { key: WEBSITE_STATUS_KEY, value: DEFAULT_WEBSITE_STATUS }])
    .onConflictDoNothing();
  await db
    .insert(gamePlatforms)
    .values(PLATFORM_CATALOGUE.map((p) => ({ ...p })))
    .onConflictDoNothing();
  await db
    .insert(games)
    .values(
      GAME_CATALOGUE.map((g) => ({
        ...g,
        hasDemo: 'hasDemo' in g ? g.hasDemo : true,
        thumbnails: { cn: `/games/cn/${g.gameCode}.svg`, en: `/games/en/${g.gameCode}.svg`, th: `/games/th/${g.gameCode}.svg` },
      })),
    )
    .onConflictDoNothing();
}

/** 10,000.00 of demo money in the demo player's central wallet. */
const DEMO_FUNDS_MINOR = 1_000_000n;

/**
 * The first operator of a real installation: 'admin' with the password given once in BOOTSTRAP_ADMIN_PASSWORD,
 * created only while no staff account exists. The first sign-in replaces the password (and, for admin, enrols
 * an authenticator), so the variable can be dropped afterwards.
 */
export async function seedFirstOperator(db: Db, password: string | undefined): Promise<boolean> {
  if (!password) return false;
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
  if (existing[0]?.n) return false;
  const passwordHash = await AuthService.hashPassword(password);
  const rows = await db.insert(staff).values({ username: 'admin', passwordHash, role: 'admin', mustChangePassword: true }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** The demo's staff: the administrator and the read-only compliance officer, each with a known password. */
async function seedDemoStaff(db: Db, mustChangePassword: boolean): Promise<void> {
  const accounts: Array<{ username: string; password: string; role: StaffRole }> = [
    { ...DEMO_OPERATOR, role: 'admin' },
    { ...DEMO_COMPLIANCE, role: 'compliance' },
  ];
  const rows = await Promise.all(
    accounts.map(async (a) => ({ username: a.username, passwordHash: await AuthService.hashPassword(a.password), role: a.role, mustChangePassword })),
  );
  await db.insert(staff).values(rows).onConflictDoNothing();
}

/** `operatorMustChangePassword`: production demos make the known operator password a first-sign-in one. */
export async function seedDemo(db: Db, opts: { operatorMustChangePassword?: boolean } = {}): Promise<void> {
  const accountsDir = new AccountDirectory(db);
  // Promotions have their own marker, so a database seeded before they existed still gets a hall.
  await seedDemoPromotions(db);
  await seedDemoSeamless(db);
  // The marker makes the demo data arrive once: an operator who deletes the demo player keeps it deleted.
  const marker = await db.insert(settings).values({ key: 'demo_seeded', value: true }).onConflictDoNothing().returning();
  if (!marker.length) return;
  await seedChatDemo(db);
  const playerHash = await AuthService.hashPassword(DEMO_PLAYER.password);
  const inserted = await db
    .insert(players)
    .values({
      account: DEMO_PLAYER.account,
      passwordHash: playerHash,
      phone: DEMO_PLAYER.phone,
      recommendCode: 'DEMO2026',
      levelId: 1,
    })
    .onConflictDoNothing()
    .returning({ id: players.id });
  if (inserted[0]) {
    await openCentralAccount(db, inserted[0].id);
    // Demo money so the wallet screens have something to move; it is a journal like any other.
    const [central, house] = await Promise.all([accountsDir.playerAccount(inserted[0].id, 'central'), accountsDir.houseAccount('adjust', inserted[0].id)]);
    await db.transaction(async (tx) => {
      await postJournal(tx, {
        kind: 'adjustment',
        idempotencyKey: 'adjust:demo-funds',
        request: { demo: true },
        playerId: inserted[0]!.id,
        memo: 'demo funds',
        postings: [
          { accountId: central, amountMinor: DEMO_FUNDS_MINOR },
          { accountId: house, amountMinor: -DEMO_FUNDS_MINOR },
        ],
      });
    });
  }
  await seedDemoMessages(db, inserted[0]?.id);
  await seedDemoStaff(db, opts.operatorMustChangePassword ?? false);
  if (inserted[0]) await seedConsultations(db, inserted[0].id, DEMO_OPERATOR.username);
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(systemMessages);
  if (!existing[0]?.n) {
    await db.insert(systemMessages).values({
      slot: 'pc-top',
      status: SYSTEM_MESSAGE_STATUS.shown,
      message: '歡迎來到幸運港！新會員註冊即可體驗全部遊戲，如有任何問題請聯繫24小時線上客服。',
      messageEn: 'Welcome to Lucky Harbour! New members can try every game after signing up. Our support team is online 24/7.',
    });
  }
  await seedRedPacketDemo(db);
}
