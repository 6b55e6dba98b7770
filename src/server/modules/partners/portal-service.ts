// What a signed-in partner reads and does in the portal. Every method takes the partner's own id from the
// session and looks only inside that partner's tree: another tree's id answers not_found, exactly like an unknown one.
import type { Db } from '../../db/client.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import { partnerBalances } from '../../ledger/read.ts';
import { firstDepositsOf, moneyOfPlayers } from '../../ledger/report-facts.ts';
import { betTotalsOfPlayers } from '../bets/report-facts.ts';
import { playersBrief } from '../auth/player-facts.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/credentials.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import { taipeiDate } from '../../../shared/time.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';
import type {
  AgentDashboardView,
  AgentEstimateWorked,
  AgentLinkView,
  AgentMeView,
  AgentPlayerView,
  AgentSubPartnerView,
} from '../../../shared/schemas/partners/portal.ts';
import type { MaterialView, PayoutView, StatementView } from '../../../shared/schemas/partners/common.ts';
import { emptyFigures, maxRateOf, ngrOf, type Computed } from './commission.ts';
import { addDays, parsePeriod, periodAt, type Period } from './periods.ts';
import { activityOfGroups, computeStatements, ownFiguresByDay, planTerms, type LinkedPlayersSource } from './settlement.ts';
import { MIN_PAYOUT_MINOR, type PartnerMoney } from './money.ts';
import { dec, maskAccount, maskCard, payoutView, planSummary, statementView } from './views.ts';
import * as repo from './repository.ts';

const CHART_DAYS = 30;
const LINKS_MAX = 50;

export interface PortalDeps {
  db: Db;
  accounts: AccountDirectory;
  money: PartnerMoney;
  siteUrl: string;
  fileUrl: (id: number) => string;
  linked?: LinkedPlayersSource;
}

export class PartnerPortal {
  private readonly d: PortalDeps;
  constructor(d: PortalDeps) {
    this.d = d;
  }

  private async partner(id: number): Promise<repo.PartnerRow> {
    const p = await repo.partnerById(this.d.db, id);
    if (!p) throw new ApiError('unauthorized');
    return p;
  }

  /** The period kind of the partner's tree (its top partner's plan) and the running period of that kind. */
  private async runningPeriod(p: repo.PartnerRow): Promise<Period> {
    const root = await this.rootOf(p);
    const plan = root.planId === null ? undefined : await repo.planById(this.d.db, root.planId);
    return periodAt(plan?.periodKind ?? 'month', new Date());
  }

  async me(id: number): Promise<AgentMeView> {
    const p = await this.partner(id);
    const plan = p.planId === null ? undefined : await repo.planById(this.d.db, p.planId);
    return {
      id: p.id,
      account: p.account,
      name: p.name,
      level: p.level,
      code: p.code,
      status: p.status,
      totp_enabled: p.totpEnabled,
      rate_cap_bp: p.rateCapBp,
      max_rate_bp: maxRateOf(planTerms(plan), p.rateCapBp),
      plan: plan ? planSummary(plan) : null,
      link: `${this.d.siteUrl}/r/${p.code}`,
      landing_url: p.landingUrl,
      must_change_password: p.mustChangePassword,
    };
  }

  async dashboard(id: number): Promise<AgentDashboardView> {
    const p = await this.partner(id);
    const period = await this.runningPeriod(p);
    const estimate = await this.estimate(p, period);
    const chart = await this.chart(p);
    const clicks = chart.filter((c) => c.date >= period.from).reduce((s, c) => s + c.clicks, 0);
    return {
      period: period.key,
      starts_on: period.from,
      ends_on: period.to,
      clicks,
      registrations: estimate.own.playersRegistered,
      first_depositors: estimate.own.firstDepositors,
      active_players: estimate.own.activePlayers,
      ngr: dec(estimate.ngr),
      estimated_commission: dec(estimate.commission),
      worked: workedView(estimate.mine),
      chart,
    };
  }

  /**
   * The period's figures and commission over the partner's whole tree, by the settlement's own computation (fees per
   * game group, carry-in, tier, CPA, overrides): what the settlement will write for the period if nothing changes.
   */
  private async estimate(p: repo.PartnerRow, period: Period) {
    const root = await this.rootOf(p);
    const { own, computed, cpaRows } = await computeStatements(this.d.db, period, { rootId: root.id, linked: this.d.linked });
    const mine = computed.get(p.id);
    return {
      own: own.get(p.id) ?? { playersRegistered: 0, firstDepositors: 0, activePlayers: 0 },
      ownAll: own,
      computed,
      cpaRows,
      ngr: BigInt(mine?.figures.ngr ?? '0'),
      commission: mine?.computedMinor ?? 0n,
      mine,
    };
  }

  private async rootOf(p: repo.PartnerRow): Promise<repo.PartnerRow> {
    let root = p;
    while (root.parentId !== null) root = (await repo.partnerById(this.d.db, root.parentId)) ?? { ...root, parentId: null };
    return root;
  }

  /**
   * The last 30 Taipei days. Each day's figures are read and folded by the settlement's own code (ownFiguresByDay) and
   * its NGR is the statement's definition (ngrOf: GGR - bonuses - payment fees - platform fees per game group, on the
   * partner's own plan), so the chart never tells a partner a different NGR from the one the statement will pay on.
   */
  private async chart(p: repo.PartnerRow): Promise<AgentDashboardView['chart']> {
    const to = taipeiDate(new Date());
    const from = addDays(to, -(CHART_DAYS - 1));
    const terms = planTerms(p.planId === null ? undefined : await repo.planById(this.d.db, p.planId));
    const [clicks, byDay] = await Promise.all([repo.clicksByDay(this.d.db, p.id, from, to), ownFiguresByDay(this.d.db, from, to, [p.id])]);
    return Array.from({ length: CHART_DAYS }, (_, i) => {
      const day = addDays(from, i);
      const f = byDay.get(day)?.get(p.id) ?? emptyFigures();
      return {
        date: day,
        clicks: clicks.get(day) ?? 0,
        registrations: f.playersRegistered,
        first_depositors: f.firstDepositors,
        ngr: dec(ngrOf(terms, f).ngr),
      };
    });
  }

  async links(id: number): Promise<AgentLinkView[]> {
    const p = await this.partner(id);
    const [links, clicks, regs] = await Promise.all([
      repo.linksOf(this.d.db, id),
      repo.clicksByCampaign(this.d.db, id),
      repo.registrationsByCampaign(this.d.db, id),
    ]);
    const firsts = await firstDepositsOf(this.d.db, [...regs.values()].flat().slice(0, 100_000));
    const money = await this.campaignMoney(p, regs);
    return links.map((l) => ({
      id: l.id,
      campaign: l.campaign,
      url: `${this.d.siteUrl}/r/${p.code}?sub=${encodeURIComponent(l.campaign)}`,
      clicks: clicks.get(l.campaign) ?? 0,
      registrations: regs.get(l.campaign)?.length ?? 0,
      first_deposits: (regs.get(l.campaign) ?? []).filter((pid) => firsts.has(pid)).length,
      created_at: l.createdAt.toISOString(),
      period: money.of(l.id, l.campaign),
    }));
  }

  /**
   * Each link's money in the running period: its players' deposits and NGR folded and defined as the statement's
   * (activityOfGroups, ngrOf on the partner's plan), and a commission of the partner's current rate of a positive NGR
   * plus the CPA of the link's players in the period's estimate. The campaigns' commissions need not add up to the
   * statement's, whose rate applies to the whole NGR after any carry-in.
   */
  private async campaignMoney(p: repo.PartnerRow, regs: Map<string, number[]>) {
    const period = await this.runningPeriod(p);
    const [estimate, plan] = await Promise.all([this.estimate(p, period), p.planId === null ? undefined : repo.planById(this.d.db, p.planId)]);
    const terms = planTerms(plan);
    const byLink = await activityOfGroups(this.d.db, period.from, period.to, repo.campaignPlayers(p.id));
    const cpaOf = new Map(estimate.cpaRows.filter((r) => r.partnerId === p.id).map((r) => [r.playerId, r.amountMinor]));
    const rateBp = BigInt(estimate.mine?.rateBp ?? 0);
    return {
      of: (linkId: number, campaign: string) => {
        const f = byLink.get(linkId) ?? emptyFigures();
        const { ngr } = ngrOf(terms, f);
        const cpa = (regs.get(campaign) ?? []).reduce((sum, pid) => sum + (cpaOf.get(pid) ?? 0n), 0n);
        const share = ngr > 0n ? (ngr * rateBp) / 10_000n : 0n;
        return { key: period.key, deposits: dec(f.depositsMinor), ngr: dec(ngr), commission: dec(share + cpa) };
      },
    };
  }

  async createLink(id: number, campaign: string): Promise<AgentLinkView> {
    if ((await repo.countLinks(this.d.db, id)) >= LINKS_MAX) throw new ApiError('validation_failed', { campaign: ['partners.links_max'] });
    const link = await repo.insertLink(this.d.db, id, campaign);
    return (await this.links(id)).find((l) => l.id === link.id)!;
  }

  async players(
    id: number,
    q: { page: number; pageSize: number; period?: string; scope?: 'direct' | 'tree' },
  ): Promise<{ data: AgentPlayerView[]; total: number }> {
    const p = await this.partner(id);
    const ids = q.scope === 'tree' ? await repo.treeIds(this.d.db, id) : [id];
    const period = q.period ? parsePeriod(q.period) : await this.runningPeriod(p);
    const { rows, total } = await repo.playersOfPartners(this.d.db, ids, q.pageSize, (q.page - 1) * q.pageSize);
    const playerIds = rows.map((r) => r.b.playerId);
    const [brief, bets, money] = await Promise.all([
      playersBrief(this.d.db, playerIds),
      betTotalsOfPlayers(this.d.db, period.from, period.to, playerIds),
      moneyOfPlayers(this.d.db, period.from, period.to, playerIds),
    ]);
    const data = rows.map(({ b, partnerAccount }) => {
      const who = brief.get(b.playerId);
      const bet = bets.get(b.playerId);
      const sum = (kind: string) => money.filter((m) => m.playerId === b.playerId && m.kind === kind).reduce((s, m) => s + m.amountMinor, 0n);
      return {
        id: b.playerId,
        account_masked: maskAccount(who?.account ?? ''),
        partner_account: partnerAccount,
        registered_at: b.registeredAt.toISOString(),
        status: who?.status === PLAYER_STATUS.active ? ('active' as const) : ('disabled' as const),
        deposits: dec(sum('deposit')),
        withdrawals: dec(-sum('withdraw_paid')),
        valid_bet: dec(bet?.validMinor ?? 0n),
        ggr: dec((bet?.stakeMinor ?? 0n) - (bet?.payoutMinor ?? 0n)),
      };
    });
    return { data, total };
  }

  async subPartners(id: number): Promise<AgentSubPartnerView[]> {
    const p = await this.partner(id);
    const children = await repo.childrenOf(this.d.db, id);
    const period = await this.runningPeriod(p);
    const counts = await repo.partnerCounts(
      this.d.db,
      children.map((c) => c.id),
    );
    // Each child's NGR as its statement will show it: after bonuses, payment fees and platform fees.
    const { ownAll, computed } = await this.estimate(p, period);
    return children.map((c) => subView(c, counts.get(c.id), computed.get(c.id)?.figures.ngr, ownAll.get(c.id)));
  }

  /** Creates a sub-partner at most at the creator's own reach, one level down, never below level three. */
  async createSub(id: number, body: { account: string; password: string; name: string; rate_bp: number }): Promise<AgentSubPartnerView> {
    const p = await this.partner(id);
    if (p.level >= 3) throw new ApiError('validation_failed', { account: ['partners.too_deep'] });
    const plan = p.planId === null ? undefined : await repo.planById(this.d.db, p.planId);
    if (body.rate_bp > maxRateOf(planTerms(plan), p.rateCapBp)) throw new ApiError('validation_failed', { rate_bp: ['partners.rate_above_parent'] });
    if ((await repo.partnerByAccount(this.d.db, body.account)) || (await repo.partnerByCode(this.d.db, body.account))) {
      throw new ApiError('validation_failed', { account: ['v.account.taken'] });
    }
    const child = await repo.insertPartner(this.d.db, {
      account: body.account,
      passwordHash: await hashPassword(body.password),
      name: body.name,
      code: body.account,
      parentId: id,
      level: p.level + 1,
      planId: p.planId,
      rateCapBp: body.rate_bp,
      // The parent chose this password: the sub-partner replaces it at its first sign-in, as with an operator's.
      mustChangePassword: true,
    });
    return subView(child, { players: 0, children: 0 }, undefined, undefined);
  }

  async setSubRate(id: number, childId: number, rateBp: number): Promise<AgentSubPartnerView> {
    const p = await this.partner(id);
    const child = await repo.partnerById(this.d.db, childId);
    if (!child || child.parentId !== id) throw new ApiError('not_found');
    const plan = p.planId === null ? undefined : await repo.planById(this.d.db, p.planId);
    if (rateBp > maxRateOf(planTerms(plan), p.rateCapBp)) throw new ApiError('validation_failed', { rate_bp: ['partners.rate_above_parent'] });
    await repo.updatePartner(this.d.db, childId, { rateCapBp: rateBp });
    const counts = await repo.partnerCounts(this.d.db, [childId]);
    return subView({ ...child, rateCapBp: rateBp }, counts.get(childId), undefined, undefined);
  }

  async statements(id: number, q: { page: number; pageSize: number; status?: string }): Promise<{ data: StatementView[]; total: number }> {
    const { rows, total } = await repo.listStatements(this.d.db, {
      partnerIds: [id],
      status: (q.status || undefined) as repo.StatementRow['status'] | undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { data: rows.map((r) => statementView(r.s, r.account)), total };
  }

  async statement(id: number, statementId: number): Promise<StatementView> {
    const s = await repo.statementById(this.d.db, statementId);
    if (!s || s.partnerId !== id) throw new ApiError('not_found');
    return statementView(s, (await this.partner(id)).account);
  }

  async wallet(id: number) {
    const p = await this.partner(id);
    const [balances, pending] = await Promise.all([partnerBalances(this.d.db, [id]), repo.pendingPayoutSum(this.d.db, id)]);
    return {
      balance: dec(balances.get(id)?.walletMinor ?? 0n),
      pending_payouts: dec(pending),
      min_payout: dec(MIN_PAYOUT_MINOR),
      bank_card: p.bankCardNumber ? { bank: p.bank, branch: p.bankBranch, holder: p.bankHolder, card_number_masked: maskCard(p.bankCardNumber) } : null,
    };
  }

  /** Replaces the payout card after the password is given again; refused while a payout waits (it carries the old card). */
  async setBankCard(id: number, body: { bank: string; branch: string; holder: string; card_number: string; password: string }) {
    const p = await this.partner(id);
    if (!(await verifyPassword(p.passwordHash, body.password))) throw new ApiError('password_wrong');
    if ((await repo.pendingPayoutSum(this.d.db, id)) > 0n) throw new ApiError('validation_failed', { card_number: ['partners.payout_pending'] });
    await repo.updatePartner(this.d.db, id, { bank: body.bank, bankBranch: body.branch, bankHolder: body.holder, bankCardNumber: body.card_number });
    return this.wallet(id);
  }

  async payouts(id: number, q: { page: number; pageSize: number; status?: string }): Promise<{ data: PayoutView[]; total: number }> {
    const { rows, total } = await repo.listPayouts(this.d.db, {
      partnerId: id,
      status: q.status || undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { data: rows.map((r) => payoutView(r.p, r.account)), total };
  }

  async requestPayout(id: number, body: { amount: string; request_key: string }): Promise<PayoutView> {
    const p = await this.partner(id);
    const amount = decimalToMinor(body.amount);
    if (amount === undefined || amount <= 0n) throw new ApiError('validation_failed', { amount: ['partners.v.amount'] });
    return payoutView(await this.d.money.requestPayout(id, amount, body.request_key), p.account);
  }

  async materials(): Promise<MaterialView[]> {
    const rows = await repo.liveMaterials(this.d.db);
    return rows.map((m) => ({
      id: m.id,
      title: m.title,
      width: m.width,
      height: m.height,
      url: this.d.fileUrl(m.uploadId),
      created_at: m.createdAt.toISOString(),
    }));
  }
}

function subView(
  c: repo.PartnerRow,
  counts: { players: number; children: number } | undefined,
  ngr: string | undefined,
  own: { activePlayers: number } | undefined,
): AgentSubPartnerView {
  return {
    id: c.id,
    account: c.account,
    name: c.name,
    level: c.level,
    status: c.status,
    rate_bp: c.rateCapBp ?? 0,
    players: counts?.players ?? 0,
    sub_partners: counts?.children ?? 0,
    period_ngr: dec(ngr ?? '0'),
    period_active_players: own?.activePlayers ?? 0,
    created_at: c.createdAt.toISOString(),
  };
}

/** The estimate's worked figures (commission.ts), or zeros for a partner the computation did not reach. */
function workedView(c: Computed | undefined): AgentEstimateWorked {
  const f = c?.figures;
  const w = c?.worked;
  const ngr = BigInt(f?.ngr ?? '0');
  const carryIn = BigInt(f?.carryIn ?? '0');
  return {
    ggr: dec(f?.ggr ?? '0'),
    bonuses: dec(f?.bonuses ?? '0'),
    payment_fees: dec(f?.paymentFees ?? '0'),
    platform_fees: dec(f?.platformFees ?? '0'),
    ngr: dec(ngr),
    carry_in: dec(carryIn),
    adjusted_ngr: dec(ngr + carryIn),
    team_ngr: dec(w?.teamNgrMinor ?? 0n),
    team_active_players: w?.teamActivePlayers ?? 0,
    tier: f?.tier ?? null,
    tier_rate_bp: w?.tierRateBp ?? 0,
    rate_cap_bp: w?.rateCapBp ?? null,
    parent_max_rate_bp: w?.parentMaxRateBp ?? null,
    limited_by: w?.limitedBy ?? 'tier',
    rate_bp: c?.rateBp ?? 0,
    base: dec(w?.baseMinor ?? 0n),
    revenue_share: dec(f?.revenueShare ?? '0'),
    cpa_players: f?.cpaPlayers ?? 0,
    cpa: dec(f?.cpa ?? '0'),
    overrides: dec(f?.overrides ?? '0'),
    commission: dec(c?.computedMinor ?? 0n),
  };
}
