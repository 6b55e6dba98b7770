// The bonuses report: what bonuses cost over a Taipei date range, per source (each promotion with rebates
// apart, VIP rewards, red packets, the mall, operators' grants) and per day, with what came back when players gave up
// or forfeited activity wallets, and what was released to central wallets once a wallet's bet flow was complete
// (unlocks and moves out: ledgerFacts.RELEASE_KINDS, counted by what they paid into the central wallet). The money is the ledger's (ledger/report-facts.ts, the same aggregates as the daily
// summary); the promotions domain (promotions/report-facts.ts) says which promotion each grant was and which are
// rebates, and the red-packet domain (redpacket/report-facts.ts) which round each paid packet was. Ledger promotion
// grants no promotion claims (an operator's posting, say) and red_packet journals no round's paid claims account for
// (a reversal, say) keep their own rows, so the sources always add up to the ledger's total.
// Releases are attributed to the source that funded the released wallet (releasesBySource), whenever that was: a row
// shows what its wallets released in the range beside what it granted in the range.
import { sql } from 'drizzle-orm';
import { minorToDecimal } from '../../../shared/money.ts';
import { BONUS_GRANT_KINDS, BONUS_RETURN_KINDS } from '../../../shared/journal-kinds.ts';
import type { BonusDayView, BonusSource, BonusSourceRowView, BonusesReportQuery, BonusesReportView } from '../../../shared/schemas/backoffice/reports.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as ledgerFacts from '../../ledger/report-facts.ts';
import * as promotionFacts from '../promotions/report-facts.ts';
import * as redPacketFacts from '../redpacket/report-facts.ts';
import * as walletFacts from '../wallet/bonus-wallet-facts.ts';
import { addMoney, addRebates, emptyDay, type DayFigures } from './daily.ts';
import { taipeiWindow } from './payments.ts';
import { daysOf, sortAndPage } from './range.ts';

/** The ledger kinds of each source that is neither a promotion nor a red-packet round. */
const LEDGER_SOURCES: Array<[BonusSource, ledgerFacts.ReportedKind[]]> = [
  ['vip', ['vip_reward']],
  ['mall', ['exchange_bonus']],
  ['operator', ['bonus_grant']],
  ['returned', [...BONUS_RETURN_KINDS]],
];
const BONUS_LEDGER_KINDS: ledgerFacts.ReportedKind[] = ['promotion_grant', 'red_packet', ...LEDGER_SOURCES.flatMap(([, k]) => k)];

/**
 * The most promotion rows, and the most red-packet round rows, the report lists: every promotion or round that paid in
 * the range is one, and a year has a few hundred. Rounds beyond it would fall into the red packets' remainder row.
 */
export const BONUS_SOURCES_MAX = 1_000;

/** A day's (or the range's) releases: bonus money paid into central wallets, and how many journals paid it. */
interface Released {
  amountMinor: bigint;
  journals: number;
}

function isRelease(kind: ledgerFacts.ReportedKind): boolean {
  return (ledgerFacts.RELEASE_KINDS as readonly string[]).includes(kind);
}

/** The kinds that grant a bonus (what came back is not a grant): whose players the totals count once each. */
const GRANT_KINDS: readonly ledgerFacts.ReportedKind[] = BONUS_GRANT_KINDS;

function dayFigures(f: DayFigures, grants: number, released: Released) {
  const granted = f.bonus.promotions + f.bonus.rebates + f.bonus.vip + f.bonus.red_packets + f.bonus.mall + f.bonus.operator;
  const m = minorToDecimal;
  return {
    promotions: m(f.bonus.promotions),
    rebates: m(f.bonus.rebates),
    vip: m(f.bonus.vip),
    red_packets: m(f.bonus.red_packets),
    mall: m(f.bonus.mall),
    operator: m(f.bonus.operator),
    granted: m(granted),
    returned: m(f.bonus.returned),
    net: m(granted + f.bonus.returned),
    grants,
    released: m(released.amountMinor),
    releases: released.journals,
  };
}

export async function bonusesReport(db: DbOrTx, q: BonusesReportQuery): Promise<BonusesReportView> {
  const list = daysOf(q.from, q.to);
  const { start, end } = taipeiWindow(q.from, q.to);
  const [money, rebates, promotions, rounds, players, granted, releases] = await Promise.all([
    ledgerFacts.moneyTotalsByDay(db, q.from, q.to),
    promotionFacts.rebatesByDay(db, start, end),
    promotionFacts.grantsByPromotion(db, start, end),
    redPacketFacts.paidByRound(db, start, end, BONUS_SOURCES_MAX),
    ledgerFacts.playersByKind(db, q.from, q.to, BONUS_LEDGER_KINDS),
    ledgerFacts.playersOfKinds(db, q.from, q.to, GRANT_KINDS),
    releasesBySource(db, start, end),
  ]);
  const byDay = new Map(list.map((d) => [d, { f: emptyDay(), grants: 0, released: { amountMinor: 0n, journals: 0 } as Released }]));
  const journals = new Map<ledgerFacts.ReportedKind, { n: number; amountMinor: bigint }>();
  for (const row of money) {
    if (isRelease(row.kind)) {
      const r = byDay.get(row.day)!.released;
      r.amountMinor += row.amountMinor;
      r.journals += row.journals;
      continue;
    }
    if (!BONUS_LEDGER_KINDS.includes(row.kind)) continue;
    const d = byDay.get(row.day)!;
    addMoney(d.f, row);
    if (row.kind !== 'bonus_give_up' && row.kind !== 'bonus_forfeit') d.grants += row.journals;
    const k = journals.get(row.kind) ?? { n: 0, amountMinor: 0n };
    k.n += row.journals;
    k.amountMinor += row.amountMinor;
    journals.set(row.kind, k);
  }
  for (const [day, d] of byDay) addRebates(d.f, rebates.get(day)?.amountMinor ?? 0n);
  const days: BonusDayView[] = list.map((day) => {
    const d = byDay.get(day)!;
    return { day, ...dayFigures(d.f, d.grants, d.released) };
  });
  const total = emptyDay();
  let grants = 0;
  const released: Released = { amountMinor: 0n, journals: 0 };
  for (const d of byDay.values()) {
    for (const k of Object.keys(total.bonus) as Array<keyof DayFigures['bonus']>) total.bonus[k] += d.f.bonus[k];
    grants += d.grants;
    released.amountMinor += d.released.amountMinor;
    released.journals += d.released.journals;
  }
  const sources = withReleases(sourceRows(promotions, rounds, journals, players), releases, released);
  const key = (r: BonusSourceRowView): number | bigint | string =>
    q.sort === 'source' ? `${r.source} ${r.title_en}` : q.sort === 'amount' || q.sort === 'released' ? BigInt(r[q.sort].replace('.', '')) : r[q.sort];
  return {
    from: q.from,
    to: q.to,
    sources: sortAndPage(sources, key, q.order, 1, sources.length),
    days,
    totals: { ...dayFigures(total, grants, released), players: granted },
  };
}

/**
 * One row per promotion that paid, the ledger's promotion grants no promotion claims, one per red-packet round that
 * paid, the ledger's red packets no round accounts for, and one per other kind.
 */
function sourceRows(
  promotions: promotionFacts.PromotionFigures[],
  rounds: redPacketFacts.RoundFigures[],
  journals: Map<ledgerFacts.ReportedKind, { n: number; amountMinor: bigint }>,
  players: Map<ledgerFacts.ReportedKind, number>,
): BonusSourceRowView[] {
  const rows: BonusSourceRowView[] = promotions.map((p) => ({
    source: p.rebate ? 'rebate' : 'promotion',
    promotion_id: p.promotionId,
    round_id: null,
    title: p.title,
    title_en: p.titleEn,
    grants: p.grants,
    players: p.players,
    amount: minorToDecimal(p.amountMinor),
    released: '0.00',
    releases: 0,
  }));
  const ledgerGrants = journals.get('promotion_grant') ?? { n: 0, amountMinor: 0n };
  const claimed = promotions.reduce((s, p) => ({ n: s.n + p.grants, amountMinor: s.amountMinor + p.amountMinor }), { n: 0, amountMinor: 0n });
  if (ledgerGrants.n !== claimed.n || ledgerGrants.amountMinor !== claimed.amountMinor) {
    // Players are not known apart for these: the ledger counts players per kind, not per promotion.
    rows.push(ledgerRow('promotion_other', ledgerGrants.n - claimed.n, 0, ledgerGrants.amountMinor - claimed.amountMinor));
  }
  for (const r of rounds) {
    rows.push({
      source: 'red_packet_round',
      promotion_id: null,
      round_id: r.roundId,
      title: r.title,
      title_en: r.titleEn,
      grants: r.claims,
      players: r.players,
      amount: minorToDecimal(r.amountMinor),
      released: '0.00',
      releases: 0,
    });
  }
  const ledgerPackets = journals.get('red_packet') ?? { n: 0, amountMinor: 0n };
  const paid = rounds.reduce((s, r) => ({ n: s.n + r.claims, amountMinor: s.amountMinor + r.amountMinor }), { n: 0, amountMinor: 0n });
  if (ledgerPackets.n !== paid.n || ledgerPackets.amountMinor !== paid.amountMinor) {
    // As for promotion_other: the ledger counts players per kind, not per round, so these players are not known apart.
    rows.push(ledgerRow('red_packets', ledgerPackets.n - paid.n, 0, ledgerPackets.amountMinor - paid.amountMinor));
  }
  for (const [source, kinds] of LEDGER_SOURCES) {
    const n = kinds.reduce((s, k) => s + (journals.get(k)?.n ?? 0), 0);
    const amount = kinds.reduce((s, k) => s + (journals.get(k)?.amountMinor ?? 0n), 0n);
    if (n === 0 && amount === 0n) continue;
    rows.push(
      ledgerRow(
        source,
        n,
        kinds.reduce((s, k) => s + (players.get(k) ?? 0), 0),
        amount,
      ),
    );
  }
  return rows;
}

/** A source row the ledger alone accounts for (no promotion or round): no title, nothing released yet. */
function ledgerRow(source: BonusSource, grants: number, players: number, amountMinor: bigint): BonusSourceRowView {
  return {
    source,
    promotion_id: null,
    round_id: null,
    title: '',
    title_en: '',
    grants,
    players,
    amount: minorToDecimal(amountMinor),
    released: '0.00',
    releases: 0,
  };
}

/** What the wallets of one source released in the range. */
interface SourceRelease {
  source: BonusSource;
  promotionId: number | null;
  roundId: number | null;
  title: string;
  titleEn: string;
  journals: number;
  amountMinor: bigint;
}

/** Which source each funding journal kind stands for when no promotion or round claims the wallet. */
const FUNDING_SOURCES: Record<string, BonusSource> = {
  promotion_grant: 'promotion_other',
  red_packet: 'red_packets',
  vip_reward: 'vip',
  exchange_bonus: 'mall',
  bonus_grant: 'operator',
};

/**
 * The releases of [start, end) per source, in one statement over the owners' sub-selects: the ledger's releases per
 * wallet with the kind of the journal that funded each wallet (through the wallet domain's creation times), then the
 * promotion grant or the red packet that paid into the wallet. A wallet whose funding is not found counts as
 * released_other.
 */
async function releasesBySource(db: DbOrTx, start: Date, end: Date): Promise<SourceRelease[]> {
  const res = await db.execute<{
    funding_kind: string | null;
    promotion_id: string | null;
    mode: number | null;
    p_title: string | null;
    p_title_en: string | null;
    round_id: string | null;
    r_title: string | null;
    r_title_en: string | null;
    starts_at: string | Date | null;
    journals: number;
    amount: string;
  }>(sql`
    select r.funding_kind, pg.promotion_id::text as promotion_id, pg.mode, pg.title as p_title, pg.title_en as p_title_en,
      rp.round_id::text as round_id, rp.title as r_title, rp.title_en as r_title_en, rp.starts_at,
      sum(r.journals)::int as journals, sum(r.amount_minor)::text as amount
    from ${ledgerFacts.releasesByWallet(start, end, walletFacts.walletOrigins())} r
    left join ${promotionFacts.walletPromotions()} pg on r.funding_kind = 'promotion_grant' and pg.wallet_id = r.wallet_id
    left join ${redPacketFacts.walletRounds()} rp on r.funding_kind = 'red_packet' and rp.wallet_id = r.wallet_id
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  return res.rows.map((r): SourceRelease => {
    const base = { journals: Number(r.journals), amountMinor: BigInt(r.amount) };
    if (r.promotion_id !== null) {
      const source: BonusSource = promotionFacts.REBATE_MODES.includes(Number(r.mode)) ? 'rebate' : 'promotion';
      return { source, promotionId: Number(r.promotion_id), roundId: null, title: r.p_title ?? '', titleEn: r.p_title_en ?? '', ...base };
    }
    if (r.round_id !== null) {
      const titles = redPacketFacts.roundTitles({ title: r.r_title ?? '', titleEn: r.r_title_en ?? '', startsAt: new Date(r.starts_at!) });
      return { source: 'red_packet_round', promotionId: null, roundId: Number(r.round_id), ...titles, ...base };
    }
    const source = (r.funding_kind && FUNDING_SOURCES[r.funding_kind]) || 'released_other';
    return { source, promotionId: null, roundId: null, title: '', titleEn: '', ...base };
  });
}

/**
 * The source rows with what each released: added to the row of its promotion, round or kind, or a row of its own with
 * no grants when the source granted nothing in the range. Should the ledger's released total (the daily aggregates)
 * differ from the releases found, the difference goes to released_other, so the rows always add up to the total.
 */
function withReleases(rows: BonusSourceRowView[], releases: SourceRelease[], total: Released): BonusSourceRowView[] {
  const keyOf = (r: { source: BonusSource; promotion_id: number | null; round_id: number | null }) => `${r.source}:${r.promotion_id ?? ''}:${r.round_id ?? ''}`;
  const byKey = new Map(rows.map((r) => [keyOf(r), { row: r, journals: 0, amountMinor: 0n }]));
  const add = (rel: SourceRelease) => {
    const k = keyOf({ source: rel.source, promotion_id: rel.promotionId, round_id: rel.roundId });
    let entry = byKey.get(k);
    if (!entry) {
      const row: BonusSourceRowView = {
        source: rel.source,
        promotion_id: rel.promotionId,
        round_id: rel.roundId,
        title: rel.title,
        title_en: rel.titleEn,
        grants: 0,
        players: 0,
        amount: '0.00',
        released: '0.00',
        releases: 0,
      };
      rows.push(row);
      byKey.set(k, (entry = { row, journals: 0, amountMinor: 0n }));
    }
    entry.journals += rel.journals;
    entry.amountMinor += rel.amountMinor;
  };
  for (const rel of releases) add(rel);
  const found = releases.reduce((s, r) => ({ journals: s.journals + r.journals, amountMinor: s.amountMinor + r.amountMinor }), {
    journals: 0,
    amountMinor: 0n,
  });
  if (found.journals !== total.journals || found.amountMinor !== total.amountMinor) {
    add({
      source: 'released_other',
      promotionId: null,
      roundId: null,
      title: '',
      titleEn: '',
      journals: total.journals - found.journals,
      amountMinor: total.amountMinor - found.amountMinor,
    });
  }
  for (const { row, journals, amountMinor } of byKey.values()) {
    row.released = minorToDecimal(amountMinor);
    row.releases = journals;
  }
  return rows;
}
