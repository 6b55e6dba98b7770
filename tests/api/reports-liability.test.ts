// The liability reconciliation against a day built from every kind of movement, journal by journal: a deposit made the
// day before (the opening), deposits, a withdrawal held and paid, a transfer to a platform and a bet lost there, a
// seamless bet and win, bonuses granted and forfeited, manual adjustments up and down, and a partner's commission and
// paid payout. Every column is checked to the cent, opening + movements = closing = what the ledger's accounts hold, and
// a journal written around the columns (an internal kind that pays a player from a house account) shows as a finding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { rebuildLedgerDay } from '../../src/server/ledger/daily.ts';
import { AccountDirectory } from '../../src/server/ledger/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { boZhTW } from '../../src/i18n/backoffice-zh-TW.ts';
import { DAY_MS, taipeiDate } from '../../src/shared/time.ts';
import type { JournalKind } from '../../src/shared/journal-kinds.ts';
import type { LiabilityPlayersView, LiabilityReportView } from '../../src/shared/schemas/backoffice/reports.ts';

let t: TestApp;
let admin: { token: string };
let dir: AccountDirectory;
const auth = () => ({ authorization: `Bearer ${admin.token}` });
const today = taipeiDate(new Date());
const yesterday = taipeiDate(new Date(Date.now() - DAY_MS));
const PARTNER_ID = 9_001;
let a = 0;
let b = 0;
let n = 0;

/** Writes one journal of the kind moving the amount from the first account to the second. */
async function move(kind: JournalKind, playerId: number | null, from: number, to: number, amountMinor: bigint): Promise<number> {
  n += 1;
  const res = await t.database.db.transaction((tx) =>
    postJournal(tx, {
      kind,
      idempotencyKey: `liab-${n}`,
      request: { n },
      playerId,
      postings: [
        { accountId: from, amountMinor: -amountMinor },
        { accountId: to, amountMinor },
      ],
    }),
  );
  return res.journalId;
}

const central = (p: number) => dir.playerAccount(p, 'central');
const house = (purpose: 'cash' | 'bonus' | 'game' | 'adjust' | 'commission', p: number) => dir.houseAccount(purpose, p);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'liab_admin', 'admin');
  dir = new AccountDirectory(t.database.db);
  a = (await seedPlayer(t)).playerId;
  b = (await seedPlayer(t)).playerId;
  // Yesterday's deposit of 50.00: written now, then moved back a day with its postings, and both days rebuilt.
  const early = await move('deposit', a, await house('cash', a), await central(a), 5_000n);
  await t.database.db.execute(sql`update journals set created_at = created_at - interval '1 day' where id = ${early}`);
  await t.database.db.execute(sql`update postings set created_at = created_at - interval '1 day' where journal_id = ${early}`);
  for (const day of [yesterday, today]) await t.database.db.transaction((tx) => rebuildLedgerDay(tx, day));

  await move('deposit', a, await house('cash', a), await central(a), 100_000n);
  await move('deposit', b, await house('cash', b), await central(b), 20_000n);
  // A withdrawal of 300.00 held, then paid; one of 10.00 held and released (internal both ways).
  const hold = await dir.playerAccount(a, 'withdraw_hold');
  await move('withdraw_hold', a, await central(a), hold, 30_000n);
  await move('withdraw_paid', a, hold, await house('cash', a), 30_000n);
  await move('withdraw_hold', a, await central(a), hold, 1_000n);
  await move('withdraw_release', a, hold, await central(a), 1_000n);
  // 200.00 to a platform, 45.50 lost there; a seamless bet of 80.00 and a win of 30.25 (the house wins 49.75).
  const platform = await dir.playerAccount(a, 'platform', 'AG');
  await move('transfer_start', a, await central(a), platform, 20_000n);
  await move('game_result', a, platform, await house('game', a), 4_550n);
  const seamless = await dir.seamlessHouseAccount('SIM', b);
  await move('seamless_debit', b, await central(b), seamless, 8_000n);
  await move('seamless_credit', b, seamless, await central(b), 3_025n);
  // Bonuses: an activity wallet funded with 60.00 (bonus money is player money), 12.34 to central, 5.00 forfeited.
  const wallet = await dir.playerAccount(b, 'bonus', 'w1');
  await move('bonus_grant', b, await house('bonus', b), wallet, 6_000n);
  await move('bonus_unlock', b, wallet, await central(b), 1_000n);
  await move('vip_reward', a, await house('bonus', a), await central(a), 1_234n);
  await move('bonus_forfeit', b, wallet, await house('bonus', b), 500n);
  // Manual adjustments: 25.00 up for A, 7.77 down for B.
  await move('adjustment', a, await house('adjust', a), await central(a), 2_500n);
  await move('adjustment', b, await central(b), await house('adjust', b), 777n);
  // A partner's commission of 150.00, 40.00 of it held for a payout and paid.
  const pw = await dir.partnerAccount(PARTNER_ID, 'partner_wallet');
  const ph = await dir.partnerAccount(PARTNER_ID, 'partner_hold');
  await move('partner_commission', null, await house('commission', PARTNER_ID), pw, 15_000n);
  await move('partner_payout_hold', null, pw, ph, 4_000n);
  await move('partner_payout_paid', null, ph, await house('cash', PARTNER_ID), 4_000n);
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(path: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/${path}`, headers: auth() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** What the liability accounts hold now by their cached balances: players' money accounts and partners' accounts. */
async function heldNow(): Promise<string> {
  const res = await t.database.db.execute<{ s: string }>(sql`
    select (coalesce(sum(balance_minor), 0) / 100.0)::numeric(20, 2)::text as s from accounts
    where asset = 'money' and (player_id is not null or kind in ('partner_wallet', 'partner_hold'))`);
  return res.rows[0]?.s ?? '';
}

describe('liability reconciliation', () => {
  it('gives every column to the cent, and opening + movements = closing = the ledger', async () => {
    const r = await get<LiabilityReportView>(`liability?from=${yesterday}&to=${today}`);
    expect(r.days.map((d) => d.day)).toEqual([yesterday, today]);
    const [y, d] = r.days;
    expect(y).toMatchObject({ opening: '0.00', deposits: '50.00', closing: '50.00', ledger_closing: '50.00', difference: '0.00' });
    expect(d).toEqual({
      day: today,
      opening: '50.00',
      deposits: '1200.00',
      withdrawals: '300.00',
      ggr: '95.25',
      bonuses: '67.34',
      adjustments: '17.23',
      partner_commission: '150.00',
      partner_payouts: '40.00',
      // 50 + 1200 - 300 - 95.25 + 67.34 + 17.23 + 150 - 40
      closing: '1049.32',
      ledger_closing: '1049.32',
      difference: '0.00',
    });
    expect(d?.ledger_closing).toBe(await heldNow());
    expect(r.findings).toEqual([]);
    expect(r.totals).toMatchObject({ opening: '0.00', deposits: '1250.00', closing: '1049.32', ledger_closing: '1049.32', difference: '0.00' });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('per player: each player ties, the partner columns stay 0', async () => {
    const r = await get<LiabilityPlayersView>(`liability/players?from=${today}&to=${today}`);
    expect(r.total).toBe(2);
    const rowA = r.data.find((x) => x.player_id === a)!;
    const rowB = r.data.find((x) => x.player_id === b)!;
    // A: 50 + 1000 - 300 - 45.50 + 12.34 + 25 = 741.84; B: 200 - 49.75 + 55 - 7.77 = 197.48.
    expect(rowA).toMatchObject({ opening: '50.00', deposits: '1000.00', withdrawals: '300.00', ggr: '45.50', bonuses: '12.34', adjustments: '25.00' });
    expect(rowA).toMatchObject({ partner_commission: '0.00', partner_payouts: '0.00', closing: '741.84', ledger_closing: '741.84', difference: '0.00' });
    expect(rowB).toMatchObject({
      opening: '0.00',
      deposits: '200.00',
      ggr: '49.75',
      bonuses: '55.00',
      adjustments: '-7.77',
      closing: '197.48',
      difference: '0.00',
    });
    expect(r.findings).toEqual([]);
  });

  it('shows a journal written around the columns as a finding, for the day and for the player', async () => {
    // A transfer kind (internal: between a player's own accounts) that pays 0.07 from a house account instead.
    await move('transfer_refund', a, await house('cash', a), await central(a), 7n);
    const r = await get<LiabilityReportView>(`liability?from=${today}&to=${today}`);
    expect(r.findings).toEqual([{ day: today, player_id: null, closing: '1049.32', ledger_closing: '1049.39', difference: '0.07' }]);
    expect(r.days[0]?.ledger_closing).toBe(await heldNow());
    const p = await get<LiabilityPlayersView>(`liability/players?from=${today}&to=${today}`);
    expect(p.findings).toEqual([{ day: today, player_id: a, closing: '741.84', ledger_closing: '741.91', difference: '0.07' }]);
    // The journal is a sound double entry: the ledger's own invariants hold, only the reconciliation sees it.
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('exports the days as CSV through the one writer, and keeps the rows per player behind reports.balances', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/liability/export?from=${today}&to=${today}`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('1049.39');
    // Finance closes the month on the rows per player, so it reads what it exports; marketing reads neither.
    const finance = await signedInStaff(t, 'liab_fin', 'finance');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/reports/liability/players?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${finance.token}` },
    });
    expect(read.statusCode).toBe(200);
    const marketing = await signedInStaff(t, 'liab_mkt', 'marketing');
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/reports/liability/players?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${marketing.token}` },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers a bad range, an anonymous caller and a range in archived months with 4xx, not 500', async () => {
    const ask = (query: string, headers: Record<string, string> = auth()) =>
      t.app.inject({ method: 'GET', url: `/api/backoffice/reports/liability?${query}`, headers });
    expect((await ask(`from=${today}&to=${today}`, {})).statusCode).toBe(401);
    expect((await ask(`from=${today}&to=${yesterday}`)).statusCode).toBe(422);
    expect((await ask(`from=9999-01-01&to=9999-01-02`)).statusCode).toBe(422);
    // An archived January 2000 (a closing balance of 0, so the ledger's check still holds): a range starting in it is refused.
    await t.database.db.execute(sql`insert into ledger_closing_balances (account_id, month, balance_minor, postings_count)
      values (${await house('cash', a)}, '2000-01-01', 0, 0)`);
    const archived = await ask('from=2000-01-15&to=2000-01-20');
    expect(archived.statusCode).toBe(422);
    expect(archived.json<{ error: { from: string[] } }>().error.from).toEqual([boZhTW['bo.reports.v.archived']]);
    expect((await ask(`from=${today}&to=${today}`)).statusCode).toBe(200);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
