// The bonuses report and the rebates of the daily summary against the journals: promotion grants paid
// through the promotions engine (a valid-bet rebate promotion and a general one), a promotion_grant journal no
// promotion claims, and the other bonus kinds; each figure is compared with sums taken straight from the journals.
// Also the releases: an activity wallet whose bet flow completes and is unlocked, and one moved out to central in part,
// whose released money and count are compared with the journals' credits to the central wallets.
// Also the red packets: two rounds claimed by players (one paid at once, one approved by an operator) and a red_packet
// journal no round claims, compared with the journals grouped by the round their idempotency key names.
// Also the sort keys of the payments, retention and protection reports, held by their schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { rebuildLedgerDay } from '../../src/server/ledger/daily.ts';
import { AccountDirectory } from '../../src/server/ledger/accounts.ts';
import { promotionById } from '../../src/server/modules/promotions/repository.ts';
import { promotions } from '../../src/server/db/schema.ts';
import { minorToDecimal } from '../../src/shared/money.ts';
import { taipeiDate } from '../../src/shared/time.ts';
import type { JournalKind } from '../../src/shared/journal-kinds.ts';
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';
import { promotionInput } from '../helpers/promotion-input.ts';

let t: TestApp;
let admin: { token: string };
const auth = () => ({ authorization: `Bearer ${admin.token}` });
const today = taipeiDate(new Date());
let rebateId = 0;
let generalId = 0;
let players: { a: number; b: number };
/** What the unlock answered it paid out, as the player sees it. */
let unlockedMoney = '';
let rounds: { lantern: number; weekend: number };
/** The activity wallets the fixture releases money from, by what funded them. */
let releasedWallets: { operator: number[]; general: number; rebate: number; packet: number };

/** The shared neutral input, granted any number of times: these tests pay one promotion to a player repeatedly. */
function body(over: Partial<PromotionInput>): PromotionInput {
  return promotionInput({ limit_count: 0, ...over });
}

async function promotion(over: Partial<PromotionInput>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: auth(), payload: body(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function award(promotionId: number, playerId: number, amountMinor: bigint, period: string) {
  const p = (await promotionById(t.database.db, promotionId))!;
  const out = await t.app.services.promotions.award(p, playerId, { period, amountMinor, baseMinor: 0n });
  expect(out.kind).toBe('paid');
}

/** A red-packet round whose packets are all of one amount (min = max), so the fixture's sums are known. */
async function round(over: Record<string, unknown>): Promise<number> {
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/red-packets/rounds',
    headers: auth(),
    payload: {
      starts_at: at(-1000),
      ends_at: at(10 * 60_000),
      min_level: 0,
      lookback_days: 0,
      min_deposit: '0',
      min_valid_bet: '0',
      approval_ceiling: '1000.00',
      position: 'left',
      picture_id: null,
      show_page_type: 0,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function post(kind: JournalKind, playerId: number, amountMinor: bigint, key: string): Promise<void> {
  const dir = new AccountDirectory(t.database.db);
  const [central, house] = await Promise.all([dir.playerAccount(playerId, 'central'), dir.houseAccount('cash', playerId)]);
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      kind,
      idempotencyKey: key,
      request: { key },
      playerId,
      postings: [
        { accountId: central, amountMinor },
        { accountId: house, amountMinor: -amountMinor },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'bonus_admin', 'admin');
  await t.database.db.update(promotions).set({ status: 'off' });
  rebateId = await promotion({ mode: 6, title: '天天返水', title_en: 'Daily rebate', reward_kind: 'valid_bet_percent', percent: '1' });
  generalId = await promotion({ mode: 1, title: '一般活動', title_en: 'General' });
  const a = await seedPlayer(t, { centralMinor: 10_000n });
  const b = await seedPlayer(t, { centralMinor: 10_000n });
  await award(rebateId, a.playerId, 1_234n, `${today}:slots`);
  await award(rebateId, a.playerId, 66n, `${today}:fish`);
  await award(rebateId, b.playerId, 400n, `${today}:slots`);
  await award(generalId, b.playerId, 700n, 'gift-1');
  // A promotion grant the ledger holds that no promotion's grant row claims: it stays a promotion, not a rebate.
  await post('promotion_grant', a.playerId, 500n, 'promo-direct');
  await post('vip_reward', b.playerId, 200n, 'vip-b');
  await post('bonus_forfeit', b.playerId, -30n, 'forfeit-b');
  // Deposits make both players active for the players report; A came through a partner, B on its own.
  await post('deposit', a.playerId, 1_000n, 'dep-a');
  await post('deposit', b.playerId, 2_000n, 'dep-b');
  // Activity wallets: A's bet target of 100.00 is met (bets are simulated by setting bonus_now_bet, as the wallet tests
  // do) and A unlocks it; B's has no target and B moves 15.00 of its 20.00 out to central.
  const wallet = t.app.services.wallet;
  const wa = await wallet.grantBonus({
    playerId: a.playerId,
    name: '首存紅利',
    nameEn: 'First deposit bonus',
    amountMinor: 5_000n,
    bonusBetMinor: 10_000n,
    idempotencyKey: 'wallet-a',
  });
  const wb = await wallet.grantBonus({
    playerId: b.playerId,
    name: '週末紅利',
    nameEn: 'Weekend bonus',
    amountMinor: 2_000n,
    bonusBetMinor: 0n,
    idempotencyKey: 'wallet-b',
  });
  await t.database.db.execute(sql`update bonus_wallets set bonus_now_bet_minor = bonus_bet_minor where id = ${wa.id}`);
  unlockedMoney = await wallet.unlockBonus(a.playerId, wa.id);
  await wallet.bonusToCentral(b.playerId, wb.id, 1_500n, 'out-b-1');
  players = { a: a.playerId, b: b.playerId };
  // Red packets: the lantern round (2.00 each, paid to central at once) claimed by A and B; the weekend round (1.00
  // each, at the approval ceiling, so an operator approves it into an activity wallet) claimed by A; and a red_packet
  // journal no round claims (0.10).
  const lantern = await round({
    title: '元宵紅包雨',
    title_en: 'Lantern rain',
    pool: '6.00',
    packet_count: 3,
    min_packet: '2.00',
    max_packet: '2.00',
    flow_multiple: 0,
  });
  const weekend = await round({
    title: '週末紅包',
    title_en: 'Weekend packets',
    pool: '5.00',
    packet_count: 5,
    min_packet: '1.00',
    max_packet: '1.00',
    flow_multiple: 2,
    approval_ceiling: '1.00',
  });
  const redpacket = t.app.services.redpacket;
  expect((await redpacket.claim(a.playerId, lantern, 'en')).view.status).toBe('approved');
  expect((await redpacket.claim(b.playerId, lantern, 'en')).view.status).toBe('approved');
  const pending = await redpacket.claim(a.playerId, weekend, 'en');
  expect(pending.view.status).toBe('pending');
  const approve = await t.app.inject({ method: 'POST', url: `/api/backoffice/red-packets/claims/${pending.view.id}/approve`, headers: auth() });
  expect(approve.statusCode, approve.body).toBe(200);
  await post('red_packet', a.playerId, 10n, 'rp-direct');
  rounds = { lantern, weekend };
  // Releases of wallets that promotions and a round funded: B's general promotion wallet (7.00) completes its bet flow
  // and is unlocked; A's larger rebate wallet (12.34) and A's weekend packet wallet (1.00) complete theirs and move
  // 10.00 and 0.60 out to central.
  const walletOf = async (q: ReturnType<typeof sql>) => Number((await t.database.db.execute<{ id: string }>(q)).rows[0]!.id);
  const general = await walletOf(sql`select wallet_id::text as id from promotion_grants where promotion_id = ${generalId} and player_id = ${b.playerId}`);
  const rebate = await walletOf(
    sql`select wallet_id::text as id from promotion_grants where promotion_id = ${rebateId} and player_id = ${a.playerId} and amount_minor = 1234`,
  );
  const packet = await walletOf(sql`select wallet_id::text as id from red_packets where round_id = ${weekend} and player_id = ${a.playerId}`);
  await t.database.db.execute(sql`update bonus_wallets set bonus_now_bet_minor = bonus_bet_minor where id in (${general}, ${rebate}, ${packet})`);
  expect(await wallet.unlockBonus(b.playerId, general)).toBe('7.00');
  await wallet.bonusToCentral(a.playerId, rebate, 1_000n, 'out-a-rebate');
  await wallet.bonusToCentral(a.playerId, packet, 60n, 'out-a-packet');
  releasedWallets = { operator: [wa.id, wb.id], general, rebate, packet };
});
afterAll(async () => {
  await t?.close();
});

/** Straight from the journals: the net effect on players' money of the journals of a kind (and, if given, of the grants of a promotion). */
async function journalSum(kind: string, promotionId?: number): Promise<{ n: number; players: number; amount: bigint }> {
  const res = await t.database.db.execute<{ n: number; players: number; amount: string }>(sql`
    select count(*)::int as n, count(distinct j.player_id)::int as players, coalesce(sum(p.amount), 0)::text as amount
    from journals j join lateral (select coalesce(sum(p.amount_minor), 0) as amount from postings p join accounts a on a.id = p.account_id
      where p.journal_id = j.id and a.player_id is not null and a.asset = 'money') p on true
    where j.kind = ${kind} and (j.created_at at time zone 'Asia/Taipei')::date = ${today}::date
      ${promotionId === undefined ? sql`` : sql`and j.id in (select journal_id from promotion_grants where promotion_id = ${promotionId})`}`);
  const r = res.rows[0]!;
  return { n: Number(r.n), players: Number(r.players), amount: BigInt(r.amount) };
}

async function get(path: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/${path}`, headers: auth() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('rebates in the daily summary', () => {
  it("shows the rebate promotions' grants apart, the other promotion grants as promotions, and NGR unchanged", async () => {
    const report = await get(`daily?from=${today}&to=${today}`);
    const row = report.data[0];
    const rebates = await journalSum('promotion_grant', rebateId);
    const all = await journalSum('promotion_grant');
    expect(rebates.amount).toBe(1_700n);
    expect(row.bonus_rebates).toBe(minorToDecimal(rebates.amount));
    expect(row.bonus_promotions).toBe(minorToDecimal(all.amount - rebates.amount));
    const bonus =
      all.amount +
      (await journalSum('vip_reward')).amount +
      (await journalSum('bonus_forfeit')).amount +
      (await journalSum('bonus_grant')).amount +
      (await journalSum('red_packet')).amount;
    expect(row.bonus_total).toBe(minorToDecimal(bonus));
    expect(row.ngr).toBe(minorToDecimal(BigInt(row.ggr.replace('.', '')) - bonus));
    expect(report.totals.bonus_rebates).toBe(row.bonus_rebates);
  });
});

describe('the bonuses report', () => {
  it('gives each promotion, the unclaimed promotion grants and each other kind, all equal to the journals', async () => {
    const report = await get(`bonuses?from=${today}&to=${today}&sort=amount&order=desc`);
    const source = (s: string, id: number | null = null) =>
      report.sources.find((r: { source: string; promotion_id: number | null }) => r.source === s && r.promotion_id === id);
    const rebate = await journalSum('promotion_grant', rebateId);
    expect(source('rebate', rebateId)).toMatchObject({
      title_en: 'Daily rebate',
      grants: rebate.n,
      players: rebate.players,
      amount: minorToDecimal(rebate.amount),
    });
    expect(rebate).toEqual({ n: 3, players: 2, amount: 1_700n });
    const general = await journalSum('promotion_grant', generalId);
    expect(source('promotion', generalId)).toMatchObject({ grants: 1, players: 1, amount: minorToDecimal(general.amount) });
    expect(source('promotion_other')).toMatchObject({ grants: 1, amount: '5.00' });
    const vip = await journalSum('vip_reward');
    expect(source('vip')).toMatchObject({ grants: vip.n, players: vip.players, amount: minorToDecimal(vip.amount) });
    expect(source('returned')).toMatchObject({ grants: 1, amount: minorToDecimal((await journalSum('bonus_forfeit')).amount) });
    // Largest first, as asked.
    const amounts = report.sources.map((r: { amount: string }) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    // The day and the totals: the net cost is the daily summary's bonus total.
    const daily = await get(`daily?from=${today}&to=${today}`);
    expect(report.days).toHaveLength(1);
    const operator = await journalSum('bonus_grant');
    expect(source('operator')).toMatchObject({ grants: 2, players: 2, amount: minorToDecimal(operator.amount) });
    expect(report.days[0]).toMatchObject({
      day: today,
      rebates: '17.00',
      promotions: '12.00',
      vip: '2.00',
      red_packets: '5.10',
      operator: '70.00',
      returned: '-0.30',
      granted: '106.10',
      net: '105.80',
      grants: 12,
    });
    // The fixture's two players, each counted once however many sources granted them a bonus.
    const shown = report as { totals: { players: number }; sources: Array<{ players: number }> };
    expect(shown.totals.players).toBe(2);
    expect(shown.sources.reduce((n, r) => n + r.players, 0)).toBeGreaterThan(2);
    expect(report.totals.net).toBe(daily.totals.bonus_total);
    const sum = report.sources.reduce((s: bigint, r: { amount: string }) => s + BigInt(r.amount.replace('.', '').replace('-0', '-')), 0n);
    expect(minorToDecimal(sum)).toBe(report.totals.net);
  });

  it("exports its sources and its days as CSV, in the caller's language, audited", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/reports/bonuses/export?from=${today}&to=${today}&table=sources`,
      headers: { ...auth(), 'accept-language': 'zh-TW' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('天天返水');
    expect(res.body).toContain('返水');
    // Each red-packet round by its title in the export's language and its kind, and the remainder by its kind.
    const zhLines = res.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    // Each row ends with what the wallets its source funded released, and how many releases.
    expect(zhLines[0]!.split(',').slice(-2)).toEqual(['流水完成轉入中心錢包', '解鎖／轉出筆數']);
    expect(zhLines).toContain('元宵紅包雨,紅包場次,2,2,4.00,0.00,0');
    expect(zhLines).toContain('週末紅包,紅包場次,1,1,1.00,0.60,1');
    expect(zhLines).toContain('其他紅包,其他紅包,1,0,0.10,0.00,0');
    expect(zhLines).toContain('人工派發,人工派發,2,2,70.00,65.00,2');
    expect(zhLines.at(-1)).toBe('合計,,12,2,105.80,82.60,5');
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/reports/bonuses/export?from=${today}&to=${today}&table=sources`,
      headers: { ...auth(), 'accept-language': 'en' },
    });
    expect(en.body.replace('\uFEFF', '').trim().split(/\r?\n/)).toContain('Lantern rain,Red-packet round,2,2,4.00,0.00,0');
    const days = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/reports/bonuses/export?from=${today}&to=${today}&table=days`,
      headers: { ...auth(), 'accept-language': 'en' },
    });
    expect(days.statusCode).toBe(200);
    const lines = days.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Rebates');
    expect(lines[0]!.split(',').slice(-2)).toEqual(['Released to central wallets', 'Releases']);
    expect(lines).toHaveLength(3);
    // Today's row and the totals row end with the released money and the number of releases.
    for (const line of lines.slice(1)) expect(line.split(',').slice(-2)).toEqual(['82.60', '5']);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'reports.export' and target like 'report:bonuses-%'`,
    );
    expect(audit.rows[0]!.n).toBe(3);
  });

  it("reports the money activity wallets released to central wallets, equal to the journals' credits to central", async () => {
    // Straight from the postings: what unlocks and moves out of activity wallets paid into central accounts today.
    const res = await t.database.db.execute<{ n: number; amount: string; net: string }>(sql`
      select count(distinct j.id)::int as n,
        coalesce(sum(p.amount_minor) filter (where a.kind = 'central'), 0)::text as amount,
        coalesce(sum(p.amount_minor) filter (where a.player_id is not null), 0)::text as net
      from journals j join postings p on p.journal_id = j.id join accounts a on a.id = p.account_id
      where j.kind in ('bonus_unlock', 'bonus_to_central') and (j.created_at at time zone 'Asia/Taipei')::date = ${today}::date`);
    const straight = { n: Number(res.rows[0]!.n), amount: BigInt(res.rows[0]!.amount) };
    // The releases move money between a player's own accounts: their net effect is nothing, hence the rule of their own.
    expect(BigInt(res.rows[0]!.net)).toBe(0n);
    expect(straight).toEqual({ n: 5, amount: 8_260n });
    expect(unlockedMoney).toBe('50.00');
    const report = await get(`bonuses?from=${today}&to=${today}`);
    expect(report.days[0]).toMatchObject({ released: minorToDecimal(straight.amount), releases: straight.n });
    expect(report.totals).toMatchObject({ released: minorToDecimal(straight.amount), releases: straight.n });
    // Releases are no cost and no source: the sources still add up to the net cost, and the daily summary is unchanged.
    expect(report.sources.map((r: { source: string }) => r.source)).not.toContain('released');
    const daily = await get(`daily?from=${today}&to=${today}`);
    expect(report.totals.net).toBe(daily.totals.bonus_total);
    // A range without today has none.
    const yesterday = taipeiDate(new Date(Date.now() - 86_400_000));
    expect((await get(`bonuses?from=${yesterday}&to=${yesterday}`)).totals).toMatchObject({ released: '0.00', releases: 0 });
  });

  it('puts each release under the source that funded its wallet, equal to the postings to central per wallet', async () => {
    // Straight from the journals and postings: per released wallet (a release's ref), what its releases credited to central today.
    const res = await t.database.db.execute<{ wallet: string; n: number; amount: string }>(sql`
      select j.ref as wallet, count(distinct j.id)::int as n, coalesce(sum(p.amount_minor), 0)::text as amount
      from journals j join postings p on p.journal_id = j.id join accounts a on a.id = p.account_id and a.kind = 'central'
      where j.kind in ('bonus_unlock', 'bonus_to_central') and (j.created_at at time zone 'Asia/Taipei')::date = ${today}::date group by 1`);
    const byWallet = new Map(res.rows.map((r) => [Number(r.wallet), { n: Number(r.n), amount: BigInt(r.amount) }]));
    const of = (...ids: number[]) =>
      ids.reduce((s, id) => ({ n: s.n + (byWallet.get(id)?.n ?? 0), amount: s.amount + (byWallet.get(id)?.amount ?? 0n) }), { n: 0, amount: 0n });
    const w = releasedWallets;
    expect(of(w.general)).toEqual({ n: 1, amount: 700n });
    expect(of(w.rebate)).toEqual({ n: 1, amount: 1_000n });
    expect(of(w.packet)).toEqual({ n: 1, amount: 60n });
    expect(of(...w.operator)).toEqual({ n: 2, amount: 6_500n });
    expect(byWallet.size).toBe(5);
    const report = await get(`bonuses?from=${today}&to=${today}&sort=released&order=desc`);
    type Row = { source: string; promotion_id: number | null; round_id: number | null; released: string; releases: number; grants: number };
    const row = (source: string, id: number | null = null) => report.sources.find((r: Row) => r.source === source && (r.promotion_id ?? r.round_id) === id);
    const expected = (x: { n: number; amount: bigint }) => ({ released: minorToDecimal(x.amount), releases: x.n });
    expect(row('promotion', generalId)).toMatchObject(expected(of(w.general)));
    expect(row('rebate', rebateId)).toMatchObject(expected(of(w.rebate)));
    expect(row('red_packet_round', rounds.weekend)).toMatchObject(expected(of(w.packet)));
    expect(row('red_packet_round', rounds.lantern)).toMatchObject({ released: '0.00', releases: 0 });
    expect(row('operator')).toMatchObject(expected(of(...w.operator)));
    expect(row('vip')).toMatchObject({ released: '0.00', releases: 0 });
    // The sources' releases add up to the day's and the range's released money; nothing is left unattributed.
    const toMinor = (a: string) => BigInt(a.replace('.', '').replace('-0', '-'));
    expect(minorToDecimal(report.sources.reduce((s: bigint, r: Row) => s + toMinor(r.released), 0n))).toBe(report.totals.released);
    expect(report.sources.reduce((n: number, r: Row) => n + r.releases, 0)).toBe(report.totals.releases);
    expect(report.sources.map((r: Row) => r.source)).not.toContain('released_other');
    // Largest release first, as asked.
    const released = report.sources.map((r: Row) => Number(r.released));
    expect(released).toEqual([...released].sort((x, y) => y - x));
  });

  it("shows a source that only released in the range with no grants, and its wallets' releases of another day apart", async () => {
    // The general promotion's release moves to yesterday (and both days' aggregates are rebuilt from the journals, as
    // the rebuild job would): yesterday the promotion has a row of its own with no grants, today only its grant.
    const yesterday = taipeiDate(new Date(Date.now() - 86_400_000));
    const moved = await t.database.db.execute<{ id: string }>(sql`
      select id::text as id from journals where kind = 'bonus_unlock' and ref = ${String(releasedWallets.general)}`);
    const id = Number(moved.rows[0]!.id);
    const shift = async (by: string) => {
      await t.database.db.execute(sql`update journals set created_at = created_at + ${by}::interval where id = ${id}`);
      await t.database.db.transaction(async (tx) => {
        await rebuildLedgerDay(tx, yesterday);
        await rebuildLedgerDay(tx, today);
      });
    };
    type Row = { source: string; promotion_id: number | null };
    await shift('-1 day');
    try {
      const before = await get(`bonuses?from=${yesterday}&to=${yesterday}`);
      expect(before.sources.filter((r: Row) => r.source !== 'returned')).toEqual([
        {
          source: 'promotion',
          promotion_id: generalId,
          round_id: null,
          title: '一般活動',
          title_en: 'General',
          grants: 0,
          players: 0,
          amount: '0.00',
          released: '7.00',
          releases: 1,
        },
      ]);
      expect(before.totals).toMatchObject({ released: '7.00', releases: 1, grants: 0 });
      const now = await get(`bonuses?from=${today}&to=${today}`);
      expect(now.sources.find((r: Row) => r.source === 'promotion' && r.promotion_id === generalId)).toMatchObject({
        grants: 1,
        amount: '7.00',
        released: '0.00',
        releases: 0,
      });
      expect(now.totals).toMatchObject({ released: '75.60', releases: 4 });
    } finally {
      await shift('1 day');
    }
    expect((await get(`bonuses?from=${today}&to=${today}`)).totals).toMatchObject({ released: '82.60', releases: 5 });
  });

  it('gives each red-packet round its own row, equal to the red_packet journals of that round, and the rest as a remainder', async () => {
    // Straight from the journals and postings: a claim's journal is keyed red_packet:<round>:<packet>:<player>.
    const res = await t.database.db.execute<{ round_id: string | null; n: number; players: number; amount: string }>(sql`
      select case when j.idempotency_key like 'red_packet:%:%:%' then split_part(j.idempotency_key, ':', 2) end as round_id,
        count(*)::int as n, count(distinct j.player_id)::int as players, coalesce(sum(p.amount), 0)::text as amount
      from journals j join lateral (select coalesce(sum(p.amount_minor), 0) as amount from postings p join accounts a on a.id = p.account_id
        where p.journal_id = j.id and a.player_id is not null and a.asset = 'money') p on true
      where j.kind = 'red_packet' and (j.created_at at time zone 'Asia/Taipei')::date = ${today}::date group by 1`);
    const straight = new Map(
      res.rows.map((r) => [r.round_id === null ? null : Number(r.round_id), { n: Number(r.n), players: Number(r.players), amount: BigInt(r.amount) }]),
    );
    expect(straight.get(rounds.lantern)).toEqual({ n: 2, players: 2, amount: 400n });
    expect(straight.get(rounds.weekend)).toEqual({ n: 1, players: 1, amount: 100n });
    expect(straight.get(null)).toEqual({ n: 1, players: 1, amount: 10n });
    const report = await get(`bonuses?from=${today}&to=${today}&sort=source&order=asc`);
    type Row = { source: string; round_id: number | null; title: string; title_en: string; grants: number; players: number; amount: string };
    const roundRows = report.sources.filter((r: Row) => r.source === 'red_packet_round');
    expect(roundRows.map((r: Row) => r.round_id).sort()).toEqual([rounds.lantern, rounds.weekend].sort());
    for (const r of roundRows as Row[]) {
      const s = straight.get(r.round_id!)!;
      expect(r).toMatchObject({ grants: s.n, players: s.players, amount: minorToDecimal(s.amount) });
    }
    expect(roundRows.find((r: Row) => r.round_id === rounds.lantern)).toMatchObject({ title: '元宵紅包雨', title_en: 'Lantern rain' });
    const rest = straight.get(null)!;
    expect(report.sources.filter((r: Row) => r.source === 'red_packets')).toEqual([
      {
        source: 'red_packets',
        promotion_id: null,
        round_id: null,
        title: '',
        title_en: '',
        grants: rest.n,
        players: 0,
        amount: minorToDecimal(rest.amount),
        released: '0.00',
        releases: 0,
      },
    ]);
    // The red packets' rows add up to the ledger's red_packet journals, and every source still to the net cost.
    const all = await journalSum('red_packet');
    const toMinor = (a: string) => BigInt(a.replace('.', '').replace('-0', '-'));
    const rows = report.sources.filter((r: Row) => r.source === 'red_packet_round' || r.source === 'red_packets');
    expect(rows.reduce((s: bigint, r: Row) => s + toMinor(r.amount), 0n)).toBe(all.amount);
    expect(rows.reduce((n: number, r: Row) => n + r.grants, 0)).toBe(all.n);
    expect(report.totals.red_packets).toBe(minorToDecimal(all.amount));
    expect(minorToDecimal(report.sources.reduce((s: bigint, r: Row) => s + toMinor(r.amount), 0n))).toBe(report.totals.net);
    // No round paid on a day without claims.
    const yesterday = taipeiDate(new Date(Date.now() - 86_400_000));
    expect((await get(`bonuses?from=${yesterday}&to=${yesterday}`)).sources.filter((r: Row) => r.source === 'red_packet_round')).toEqual([]);
  });

  it('refuses a sort key it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/bonuses?from=${today}&to=${today}&sort=title`, headers: auth() });
    expect(res.statusCode).toBe(422);
  });
});

describe('sort keys of the payments, retention and protection reports', () => {
  it('accepts the listed columns and refuses others', async () => {
    for (const [report, good] of [
      ['payments', 'paid_amount'],
      ['retention', 'players'],
      ['protection', 'events'],
    ]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/${report}?from=${today}&to=${today}&sort=${good}&order=desc`, headers: auth() }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/${report}?from=${today}&to=${today}&sort=drop_table`, headers: auth() })).statusCode,
      ).toBe(422);
    }
  });

  it('sorts the retention cohorts by the asked column', async () => {
    const from = taipeiDate(new Date(Date.now() - 20 * 86_400_000));
    const asc = await get(`retention?from=${from}&to=${today}&sort=players&order=asc`);
    const desc = await get(`retention?from=${from}&to=${today}&sort=players&order=desc`);
    const sizes = (r: { cohorts: Array<{ players: number }> }) => r.cohorts.map((c) => c.players);
    expect(sizes(asc)).toEqual([...sizes(asc)].sort((x, y) => x - y));
    expect(sizes(desc)).toEqual([...sizes(asc)].sort((x, y) => y - x));
    expect(Math.max(...sizes(desc))).toBeGreaterThan(0);
  });
});

describe('the partner in the players report', () => {
  it('shows the partner who brought each player and filters by partner', async () => {
    const partner = await t.database.db.execute<{ id: string }>(sql`
      insert into partners (account, password_hash, name, code) values ('harbour1', 'x', 'Harbour One', 'HB1') returning id::text as id`);
    const partnerId = Number(partner.rows[0]!.id);
    await t.database.db.execute(sql`insert into partner_bindings (player_id, partner_id, source) values (${players.a}, ${partnerId}, 'link')`);
    const all = await get(`players?from=${today}&to=${today}`);
    const row = (id: number) => all.data.find((r: { player_id: number }) => r.player_id === id);
    expect(row(players.a)).toMatchObject({ partner: 'harbour1', partner_id: partnerId });
    expect(row(players.b)).toMatchObject({ partner: null, partner_id: null });
    const only = await get(`players?from=${today}&to=${today}&partner=${partnerId}`);
    expect(only.data.map((r: { player_id: number }) => r.player_id)).toEqual([players.a]);
    expect(only.total).toBe(1);
    const none = await get(`players?from=${today}&to=${today}&partner=${partnerId + 1000}`);
    expect(none.total).toBe(0);
  });
});
