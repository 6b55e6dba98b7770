// What operators do with partners: applications, accounts and their tree, plans, domains, bindings and
// moves, the statements queue, payouts, the partner report, fraud signals and material. Every change is audited with
// its before and after in words, in the change's own transaction.
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { partnerBalances } from '../../ledger/read.ts';
import { firstDepositsOf, moneyOfPlayers } from '../../ledger/report-facts.ts';
import { betTotalsOfPlayers, lastBetDays } from '../bets/report-facts.ts';
import { isPlayerReferralCode, playersBrief } from '../auth/player-facts.ts';
import { recordAudit } from '../staff/audit.ts';
import { claimStaffUploads } from '../uploads/service.ts';
import { ApiError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/credentials.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import { taipeiDate } from '../../../shared/time.ts';
import type { FraudSignalKind, OwnPlayerReviewStatus, StatementView } from '../../../shared/schemas/partners/common.ts';
import { maxRateOf } from './commission.ts';
import { addDays, parsePeriod } from './periods.ts';
import { ownFigures, planTerms, settlePeriod, type LinkedPlayersSource, type SettleResult } from './settlement.ts';
import type { Operator, PartnerMoney } from './money.ts';
import type { PartnerBinding } from './binding.ts';
import { dec, iso, maskCard, payoutView, planSummary, statementView } from './views.ts';
import * as repo from './repository.ts';

/** What the risk domain (built in parallel) will answer: players linked to one by device, address or bank card. */
export type { LinkedPlayersSource } from './settlement.ts';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A first password: ten letters and digits with both kinds, shown once to the operator who sends it. */
export function initialPassword(): string {
  for (;;) {
    const p = Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)]).join('');
    if (/[a-z]/.test(p) && /\d/.test(p)) return p;
  }
}

const partnerWords = (p: repo.PartnerRow) => ({
  account: p.account,
  name: p.name,
  status: p.status,
  plan_id: p.planId,
  rate_cap_bp: p.rateCapBp,
  contact: p.contact,
  notes: p.notes,
  landing_url: p.landingUrl,
});

export interface PartnersBackofficeDeps {
  db: Db;
  money: PartnerMoney;
  binding: PartnerBinding;
  fileUrl: (id: number) => string;
  linked?: LinkedPlayersSource;
}

export class PartnersBackoffice {
  private readonly d: PartnersBackofficeDeps;
  constructor(d: PartnersBackofficeDeps) {
    this.d = d;
  }

  // ---- applications ----------------------------------------------------------------------------------------------

  async applications(q: { page: number; pageSize: number; status?: string }) {
    const { rows, total } = await repo.listApplications(this.d.db, q.status || undefined, q.pageSize, (q.page - 1) * q.pageSize);
    return { data: rows.map(applicationView), total, page: q.page, pageSize: q.pageSize };
  }

  async approveApplication(who: Operator, id: number, body: { account: string; plan_id: number; code?: string }) {
    const app = await repo.applicationById(this.d.db, id);
    if (!app) throw new ApiError('not_found');
    if (app.status !== 'pending') throw new ApiError('validation_failed', { id: ['partners.application_reviewed'] });
    const created = await this.createPartner(
      who,
      { account: body.account, name: app.name, plan_id: body.plan_id, code: body.code, contact: `${app.contactKind}: ${app.contact}` },
      id,
    );
    return created;
  }

  async rejectApplication(who: Operator, id: number, reason: string) {
    return this.d.db.transaction(async (tx) => {
      const app = await repo.applicationById(tx, id, true);
      if (!app) throw new ApiError('not_found');
      if (app.status !== 'pending') throw new ApiError('validation_failed', { id: ['partners.application_reviewed'] });
      const row = await repo.updateApplication(tx, id, { status: 'rejected', reason, reviewedBy: who.staffId, reviewedAt: new Date() });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.application.reject',
        target: `partner_application:${id}`,
        ip: who.ip,
        before: { status: 'pending' },
        after: { status: 'rejected' },
        detail: { name: app.name, reason },
      });
      return applicationView(row);
    });
  }

  // ---- partners --------------------------------------------------------------------------------------------------

  /** Creates a partner (from an application or directly), with a first password shown once. */
  async createPartner(
    who: Operator,
    body: { account: string; name: string; plan_id: number; parent_id?: number; rate_cap_bp?: number; code?: string; contact?: string },
    applicationId?: number,
  ) {
    const code = body.code ?? body.account;
    await this.checkNew(body.account, code, body.plan_id);
    const parent = body.parent_id ? await repo.partnerById(this.d.db, body.parent_id) : undefined;
    if (body.parent_id && !parent) throw new ApiError('validation_failed', { parent_id: ['partners.v.parent'] });
    if (parent && parent.level >= 3) throw new ApiError('validation_failed', { parent_id: ['partners.too_deep'] });
    if (parent && body.rate_cap_bp !== undefined && body.rate_cap_bp > (await this.reachOf(parent)))
      throw new ApiError('validation_failed', { rate_cap_bp: ['partners.rate_above_parent'] });
    const password = initialPassword();
    const passwordHash = await hashPassword(password);
    const partner = await this.d.db.transaction(async (tx) => {
      const p = await repo.insertPartner(tx, {
        account: body.account,
        passwordHash,
        name: body.name,
        code,
        parentId: parent?.id ?? null,
        level: (parent?.level ?? 0) + 1,
        planId: body.plan_id,
        rateCapBp: body.rate_cap_bp ?? null,
        contact: body.contact ?? '',
        mustChangePassword: true,
      });
      if (applicationId !== undefined) {
        const app = await repo.applicationById(tx, applicationId, true);
        if (app?.status !== 'pending') throw new ApiError('validation_failed', { id: ['partners.application_reviewed'] });
        await repo.updateApplication(tx, applicationId, { status: 'approved', partnerId: p.id, reviewedBy: who.staffId, reviewedAt: new Date() });
      }
      await recordAudit(tx, {
        staffId: who.staffId,
        action: applicationId !== undefined ? 'partners.application.approve' : 'partners.create',
        target: `partner:${p.id}`,
        ip: who.ip,
        before: applicationId !== undefined ? { status: 'pending' } : null,
        after: partnerWords(p),
        detail: { application_id: applicationId ?? null },
      });
      return p;
    });
    return { partner_id: partner.id, account: partner.account, initial_password: password };
  }

  private async checkNew(account: string, code: string, planId: number) {
    const fields: Record<string, string[]> = {};
    if (await repo.partnerByAccount(this.d.db, account)) fields.account = ['v.account.taken'];
    if ((await repo.partnerByCode(this.d.db, code)) || (await isPlayerReferralCode(this.d.db, code))) fields.code = ['partners.code_taken'];
    if (!(await repo.planById(this.d.db, planId))) fields.plan_id = ['partners.v.plan'];
    if (Object.keys(fields).length) throw new ApiError('validation_failed', fields);
  }

  /** The highest rate a partner can reach, which caps its children's rates. */
  private async reachOf(p: repo.PartnerRow): Promise<number> {
    const plan = p.planId === null ? undefined : await repo.planById(this.d.db, p.planId);
    return maxRateOf(planTerms(plan), p.rateCapBp);
  }

  async partners(q: { page: number; pageSize: number; q?: string; status?: string; parent_id?: string }) {
    const { rows, total } = await repo.listPartners(this.d.db, {
      q: q.q,
      status: q.status || undefined,
      parentId: q.parent_id ? Number(q.parent_id) : undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { data: await this.rowViews(rows), total, page: q.page, pageSize: q.pageSize };
  }

  private async rowViews(rows: repo.PartnerRow[]) {
    const ids = rows.map((r) => r.id);
    const [counts, balances, plans, all] = await Promise.all([
      partnerCountsOf(this.d.db, ids),
      partnerBalances(this.d.db, ids),
      repo.allPlans(this.d.db),
      repo.allPartners(this.d.db),
    ]);
    const planName = new Map(plans.map((p) => [p.id, p.name]));
    const accountOf = new Map(all.map((p) => [p.id, p.account]));
    return rows.map((p) => ({
      id: p.id,
      account: p.account,
      name: p.name,
      code: p.code,
      level: p.level,
      parent_id: p.parentId,
      parent_account: p.parentId ? (accountOf.get(p.parentId) ?? null) : null,
      status: p.status,
      plan_id: p.planId,
      plan_name: p.planId ? (planName.get(p.planId) ?? null) : null,
      rate_cap_bp: p.rateCapBp,
      players: counts.get(p.id)?.players ?? 0,
      sub_partners: counts.get(p.id)?.children ?? 0,
      balance: dec(balances.get(p.id)?.walletMinor ?? 0n),
      created_at: p.createdAt.toISOString(),
    }));
  }

  async tree(rootId?: string) {
    const all = await repo.allPartners(this.d.db);
    const ids = rootId ? new Set(await repo.treeIds(this.d.db, Number(rootId))) : undefined;
    const rows = all.filter((p) => !ids || ids.has(p.id)).slice(0, 5000);
    const counts = await partnerCountsOf(
      this.d.db,
      rows.map((r) => r.id),
    );
    return rows.map((p) => ({
      id: p.id,
      account: p.account,
      name: p.name,
      level: p.level,
      parent_id: p.parentId,
      status: p.status,
      rate_cap_bp: p.rateCapBp,
      players: counts.get(p.id)?.players ?? 0,
    }));
  }

  async detail(id: number) {
    const p = await repo.partnerById(this.d.db, id);
    if (!p) throw new ApiError('not_found');
    const [[row], children, domains] = await Promise.all([this.rowViews([p]), repo.childrenOf(this.d.db, id), repo.domainsOf(this.d.db, id)]);
    return {
      partner: row!,
      contact: p.contact,
      notes: p.notes,
      landing_url: p.landingUrl,
      totp_enabled: p.totpEnabled,
      bank_card: p.bankCardNumber ? { bank: p.bank, branch: p.bankBranch, holder: p.bankHolder, card_number_masked: maskCard(p.bankCardNumber) } : null,
      domains,
      children: await this.rowViews(children),
    };
  }

  async patch(
    who: Operator,
    id: number,
    body: {
      status?: repo.PartnerRow['status'];
      plan_id?: number;
      rate_cap_bp?: number | null;
      name?: string;
      contact?: string;
      notes?: string;
      landing_url?: string;
      reason: string;
    },
  ) {
    const p = await repo.partnerById(this.d.db, id);
    if (!p) throw new ApiError('not_found');
    if (body.plan_id !== undefined && !(await repo.planById(this.d.db, body.plan_id)))
      throw new ApiError('validation_failed', { plan_id: ['partners.v.plan'] });
    const parent = p.parentId ? await repo.partnerById(this.d.db, p.parentId) : undefined;
    if (parent && body.rate_cap_bp !== undefined && body.rate_cap_bp !== null && body.rate_cap_bp > (await this.reachOf(parent))) {
      throw new ApiError('validation_failed', { rate_cap_bp: ['partners.rate_above_parent'] });
    }
    const patch: Partial<repo.PartnerRow> = {};
    if (body.status !== undefined) patch.status = body.status;
    if (body.plan_id !== undefined) patch.planId = body.plan_id;
    if (body.rate_cap_bp !== undefined) patch.rateCapBp = body.rate_cap_bp;
    if (body.name !== undefined) patch.name = body.name;
    if (body.contact !== undefined) patch.contact = body.contact;
    if (body.notes !== undefined) patch.notes = body.notes;
    if (body.landing_url !== undefined) patch.landingUrl = body.landing_url;
    await this.d.db.transaction(async (tx) => {
      const before = (await repo.partnerById(tx, id, true))!;
      await repo.updatePartner(tx, id, patch);
      if (patch.status && patch.status !== 'active') await repo.revokeSessionsOf(tx, id);
      const after = { ...before, ...patch };
      const changed = diff(partnerWords(before), partnerWords(after));
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.update',
        target: `partner:${id}`,
        ip: who.ip,
        before: changed.before,
        after: changed.after,
        detail: { account: p.account, reason: body.reason },
      });
    });
    return this.detail(id);
  }

  async resetPassword(who: Operator, id: number, reason: string) {
    const p = await repo.partnerById(this.d.db, id);
    if (!p) throw new ApiError('not_found');
    const password = initialPassword();
    const passwordHash = await hashPassword(password);
    await this.d.db.transaction(async (tx) => {
      await repo.updatePartner(tx, id, { passwordHash, mustChangePassword: true });
      await repo.revokeSessionsOf(tx, id);
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.password_reset',
        target: `partner:${id}`,
        ip: who.ip,
        before: { password: 'set by the partner' },
        after: { password: 'temporary, to be changed at sign-in' },
        detail: { account: p.account, reason },
      });
    });
    return { initial_password: password };
  }

  // ---- plans -----------------------------------------------------------------------------------------------------

  async plans() {
    const [plans, usage] = await Promise.all([repo.allPlans(this.d.db), repo.planUsage(this.d.db)]);
    return plans.map((p) => planView(p, usage.get(p.id) ?? 0));
  }

  async savePlan(who: Operator, id: number | undefined, body: PlanBody) {
    const before = id === undefined ? undefined : await repo.planById(this.d.db, id);
    if (id !== undefined && !before) throw new ApiError('not_found');
    const values = storedPlan(body);
    const saved = await this.d.db.transaction(async (tx) => {
      const row = await repo.savePlan(tx, id, values);
      const words = (p: repo.PlanRow | undefined) => (p ? { ...planSummary(p), is_default: p.isDefault } : null);
      await recordAudit(tx, {
        staffId: who.staffId,
        action: id === undefined ? 'partners.plan.create' : 'partners.plan.update',
        target: `partner_plan:${row.id}`,
        ip: who.ip,
        before: words(before),
        after: words(row),
      });
      return row;
    });
    return planView(saved, (await repo.planUsage(this.d.db)).get(saved.id) ?? 0);
  }

  // ---- domains ---------------------------------------------------------------------------------------------------

  async domains() {
    return (await repo.allDomains(this.d.db)).map((d) => ({
      id: d.id,
      host: d.host,
      partner_id: d.partnerId,
      partner_account: d.partnerAccount,
      created_at: d.createdAt.toISOString(),
    }));
  }

  async addDomain(who: Operator, host: string, partnerId: number) {
    const p = await repo.partnerById(this.d.db, partnerId);
    if (!p) throw new ApiError('validation_failed', { partner_id: ['partners.v.partner'] });
    const row = await this.d.db.transaction(async (tx) => {
      const d = await repo.insertDomain(tx, host, partnerId);
      if (!d) throw new ApiError('validation_failed', { host: ['partners.host_taken'] });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.domain.add',
        target: `partner:${partnerId}`,
        ip: who.ip,
        before: null,
        after: { host, partner: p.account },
      });
      return d;
    });
    this.d.binding.dropDomainCache();
    return { id: row.id, host: row.host, partner_id: partnerId, partner_account: p.account, created_at: row.createdAt.toISOString() };
  }

  async removeDomain(who: Operator, id: number) {
    await this.d.db.transaction(async (tx) => {
      const d = await repo.deleteDomain(tx, id);
      if (!d) throw new ApiError('not_found');
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.domain.remove',
        target: `partner:${d.partnerId}`,
        ip: who.ip,
        before: { host: d.host },
        after: null,
      });
    });
    this.d.binding.dropDomainCache();
    return null;
  }

  // ---- bindings --------------------------------------------------------------------------------------------------

  async bindings(q: { page: number; pageSize: number; partner_id?: string; player_id?: string }) {
    const { rows, total } = await repo.listBindings(this.d.db, {
      partnerIds: q.partner_id ? [Number(q.partner_id)] : undefined,
      playerId: q.player_id ? Number(q.player_id) : undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    const names = await playersBrief(
      this.d.db,
      rows.map((r) => r.b.playerId),
    );
    return { data: rows.map((r) => bindingView(r.b, r.partnerAccount, names.get(r.b.playerId)?.account ?? '')), total, page: q.page, pageSize: q.pageSize };
  }

  /**
   * Moves a player to another partner (or unbinds), with a reason, audited; a player never bound is bound by the move.
   * The move takes effect from the next Taipei day (the attribution spans of drizzle/0050): the activity before it,
   * and every period already settled, stays with the partner who had the player.
   */
  async move(who: Operator, body: { player_id: number; partner_id: number | null; reason: string }) {
    const player = (await playersBrief(this.d.db, [body.player_id])).get(body.player_id);
    if (!player) throw new ApiError('validation_failed', { player_id: ['partners.v.player'] });
    const target = body.partner_id === null ? undefined : await repo.partnerById(this.d.db, body.partner_id);
    if (body.partner_id !== null && !target) throw new ApiError('validation_failed', { partner_id: ['partners.v.partner'] });
    await this.d.db.transaction(async (tx) => {
      const was = await repo.bindingOf(tx, body.player_id, true);
      const wasAccount = was ? ((await repo.partnerById(tx, was.partnerId))?.account ?? '') : null;
      if (was) await repo.moveBinding(tx, body.player_id, target?.id ?? null);
      else if (target)
        await repo.bindPlayer(tx, {
          playerId: body.player_id,
          partnerId: target.id,
          source: 'operator',
          registrationIp: player.registerIp.slice(0, 45),
          registeredAt: player.createdAt,
        });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.binding.move',
        target: `player:${body.player_id}`,
        ip: who.ip,
        before: { partner: wasAccount },
        after: { partner: target?.account ?? null, effective_from: addDays(taipeiDate(new Date()), 1) },
        detail: { player: player.account, reason: body.reason },
      });
    });
    const now = await repo.bindingOf(this.d.db, body.player_id);
    return now ? bindingView(now, target?.account ?? '', player.account) : null;
  }

  /** Which partners held the player over which days, newest first (the player's partner history). */
  async history(playerId: number) {
    const rows = await repo.attributionsOf(this.d.db, playerId);
    return rows.map((r) => ({
      partner_id: r.partnerId,
      partner_account: r.account,
      from_day: r.fromDay,
      until_day: r.untilDay,
      source: r.source,
      recorded_at: iso(r.createdAt),
    }));
  }

  // ---- a partner's own players ----------------------------------------------------------------------------------

  async ownPlayers(q: { page: number; pageSize: number; status?: string; partner_id?: string }) {
    const { rows, total } = await repo.listOwnPlayerReviews(this.d.db, {
      status: (q.status || undefined) as OwnPlayerReviewStatus | undefined,
      partnerId: q.partner_id ? Number(q.partner_id) : undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    const names = await playersBrief(
      this.d.db,
      rows.map((r) => r.r.playerId),
    );
    return { data: rows.map((r) => ownPlayerView(r.r, r.partnerAccount, names.get(r.r.playerId)?.account ?? '')), total, page: q.page, pageSize: q.pageSize };
  }

  /**
   * An operator's decision on a possible own player: approved, the player earns the partner its CPA from the next
   * settlement of an open period on; denied, never. Audited with the status before and after.
   */
  async decideOwnPlayer(who: Operator, playerId: number, status: 'approved' | 'denied', reason: string) {
    return this.d.db.transaction(async (tx) => {
      const was = await repo.ownPlayerReview(tx, playerId, true);
      if (!was) throw new ApiError('not_found');
      const row = await repo.decideOwnPlayerReview(tx, playerId, status, reason, who.staffId);
      if (!row) throw new ApiError('validation_failed', { reason: ['partners.own_player_decided'] });
      const partner = (await repo.partnerById(tx, row.partnerId))!;
      const player = (await playersBrief(tx, [playerId])).get(playerId)?.account ?? '';
      await recordAudit(tx, {
        staffId: who.staffId,
        action: status === 'approved' ? 'partners.own_player.approve' : 'partners.own_player.deny',
        target: `player:${playerId}`,
        ip: who.ip,
        before: { status: was.status },
        after: { status },
        detail: { player, partner: partner.account, shared: was.kinds, reason },
      });
      return ownPlayerView(row, partner.account, player);
    });
  }

  // ---- statements ------------------------------------------------------------------------------------------------

  async statements(q: { page: number; pageSize: number; period?: string; status?: string; partner_id?: string }) {
    const { rows, total } = await repo.listStatements(this.d.db, {
      partnerIds: q.partner_id ? [Number(q.partner_id)] : undefined,
      period: q.period || undefined,
      status: (q.status || undefined) as repo.StatementRow['status'] | undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    const data = [];
    for (const r of rows) data.push({ ...statementView(r.s, r.account), signals: (await this.signals(r.s)).length });
    return { data, total, page: q.page, pageSize: q.pageSize };
  }

  async statement(id: number) {
    const s = await repo.statementById(this.d.db, id);
    if (!s) throw new ApiError('not_found');
    const p = (await repo.partnerById(this.d.db, s.partnerId))!;
    return { statement: statementView(s, p.account), signals: await this.signals(s) };
  }

  /**
   * Fraud signals beside a statement: the partner's players registered from one address (with each other or with the
   * partner's own sign-in address), CPA players who stopped betting once their window closed, and whatever the risk
   * domain links by device, address or bank card (the `linked` seam, absent until that domain is merged).
   */
  async signals(s: repo.StatementRow) {
    const p = (await repo.partnerById(this.d.db, s.partnerId))!;
    const shared = await repo.sharedRegistrationIps(this.d.db, p.id, p.lastLoginIp);
    const out: Array<{ kind: FraudSignalKind; value: string; player_ids: number[]; with_partner: boolean }> = shared.map((x) => ({
      kind: 'shared_registration_ip' as const,
      value: x.ip,
      player_ids: x.playerIds,
      with_partner: x.ip === p.lastLoginIp,
    }));
    const cpa = await repo.cpaPlayersOf(this.d.db, p.id, s.period);
    if (cpa.length) {
      const last = await lastBetDays(this.d.db, cpa);
      const stopped = cpa.filter((id) => (last.get(id) ?? '') < addDays(s.endsOn, -7));
      if (stopped.length) out.push({ kind: 'cpa_stopped', value: s.period, player_ids: stopped, with_partner: false });
    }
    if (this.d.linked && cpa.length) {
      for (const playerId of cpa.slice(0, 50)) {
        for (const l of await this.d.linked.linkedPlayers(playerId)) {
          const kinds = new Set(l.signals.map(fraudKindOf));
          if (!kinds.size) kinds.add('linked_account');
          for (const kind of kinds) out.push({ kind, value: l.account, player_ids: [playerId, l.playerId], with_partner: false });
        }
      }
    }
    return out;
  }

  async adjust(who: Operator, id: number, amount: string, reason: string): Promise<StatementView> {
    const minor = amount.startsWith('-') ? -(decimalToMinor(amount.slice(1)) ?? 0n) : (decimalToMinor(amount) ?? 0n);
    return this.d.db.transaction(async (tx) => {
      const s = await repo.statementById(tx, id, true);
      if (!s) throw new ApiError('not_found');
      if (s.status === 'approved') throw new ApiError('validation_failed', { amount: ['partners.statement_final'] });
      if (s.computedMinor + minor < 0n) throw new ApiError('validation_failed', { amount: ['partners.adjust_below_zero'] });
      const row = await repo.updateStatement(tx, id, { adjustmentMinor: minor, adjustmentReason: reason });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.statement.adjust',
        target: `partner_statement:${id}`,
        ip: who.ip,
        before: { adjustment: dec(s.adjustmentMinor), commission: dec(s.computedMinor + s.adjustmentMinor) },
        after: { adjustment: dec(minor), commission: dec(s.computedMinor + minor) },
        detail: { partner_id: s.partnerId, period: s.period, reason },
      });
      return statementView(row, (await repo.partnerById(tx, s.partnerId))!.account);
    });
  }

  async hold(who: Operator, id: number, reason: string): Promise<StatementView> {
    return this.d.db.transaction(async (tx) => {
      const s = await repo.statementById(tx, id, true);
      if (!s) throw new ApiError('not_found');
      if (s.status !== 'pending') throw new ApiError('validation_failed', { id: ['partners.statement_not_pending'] });
      const row = await repo.updateStatement(tx, id, { status: 'held', holdReason: reason });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.statement.hold',
        target: `partner_statement:${id}`,
        ip: who.ip,
        before: { status: 'pending' },
        after: { status: 'held' },
        detail: { partner_id: s.partnerId, period: s.period, reason },
      });
      return statementView(row, (await repo.partnerById(tx, s.partnerId))!.account);
    });
  }

  async approve(who: Operator, id: number, note: string): Promise<StatementView> {
    const s = await this.d.money.approve(id, who, note);
    return statementView(s, (await repo.partnerById(this.d.db, s.partnerId))!.account);
  }

  async bulkApprove(who: Operator, ids: number[]) {
    const approved: number[] = [];
    const skipped: Array<{ id: number; code: string }> = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      try {
        await this.d.money.approve(id, who);
        approved.push(id);
      } catch (err) {
        skipped.push({ id, code: err instanceof ApiError ? err.code : 'failed' });
      }
    }
    return { approved, skipped };
  }

  async settle(who: Operator, period: string): Promise<SettleResult> {
    const p = parsePeriod(period);
    if (p.to >= new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)) throw new ApiError('validation_failed', { period: ['partners.period_open'] });
    const result = await settlePeriod(this.d.db, period, this.d.linked);
    await recordAudit(this.d.db, {
      staffId: who.staffId,
      action: 'partners.settle',
      target: `partner_period:${period}`,
      ip: who.ip,
      before: null,
      after: { built: result.built, unchanged: result.unchanged, held_or_approved: result.skippedFinal },
    });
    return result;
  }

  // ---- payouts ---------------------------------------------------------------------------------------------------

  /** `wholeCards`: the reader may see card numbers whole ('personal.unmasked'); otherwise the last four digits. */
  async payouts(q: { page: number; pageSize: number; status?: string; partner_id?: string }, wholeCards: boolean) {
    const { rows, total } = await repo.listPayouts(this.d.db, {
      status: q.status || undefined,
      partnerId: q.partner_id ? Number(q.partner_id) : undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      data: rows.map((r) => ({ ...payoutView(r.p, r.account), card_number: wholeCards ? r.p.cardNumber : maskCard(r.p.cardNumber) })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async closePayout(who: Operator, id: number, action: 'pay' | 'reject', reason: string) {
    const p = await this.d.money.closePayout(id, action, who, reason);
    return payoutView(p, (await repo.partnerById(this.d.db, p.partnerId))!.account);
  }

  // ---- report ----------------------------------------------------------------------------------------------------

  /** Per partner over a period: the own players' figures (live from the aggregates) beside the statement, if built. */
  async report(q: { page: number; pageSize: number; period: string }) {
    const period = parsePeriod(q.period);
    const { rows, total } = await repo.listPartners(this.d.db, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    const ids = rows.map((r) => r.id);
    const [own, statements, counts] = await Promise.all([
      ownFigures(this.d.db, period, ids),
      repo.statementsOfPeriod(this.d.db, period.key),
      repo.partnerCounts(this.d.db, ids),
    ]);
    const byPartner = new Map(statements.map((s) => [s.partnerId, s]));
    const data = rows.map((p) => {
      const f = own.get(p.id);
      const s = byPartner.get(p.id);
      const ggr = (f?.stakeMinor ?? 0n) - (f?.payoutMinor ?? 0n);
      return {
        partner_id: p.id,
        partner_account: p.account,
        level: p.level,
        players: counts.get(p.id)?.players ?? 0,
        registrations: f?.playersRegistered ?? 0,
        first_depositors: f?.firstDepositors ?? 0,
        active_players: f?.activePlayers ?? 0,
        deposits: dec(f?.depositsMinor ?? 0n),
        withdrawals: dec(f?.withdrawalsMinor ?? 0n),
        valid_bet: dec(f?.validMinor ?? 0n),
        ggr: dec(ggr),
        bonuses: dec(f?.bonusesMinor ?? 0n),
        ngr: s ? dec(s.figures.ngr) : dec(ggr - (f?.bonusesMinor ?? 0n)),
        commission: s ? dec(s.computedMinor + s.adjustmentMinor) : null,
        statement_status: s?.status ?? null,
      };
    });
    return { data, total, page: q.page, pageSize: q.pageSize };
  }

  async reportPlayers(partnerId: number, q: { page: number; pageSize: number; period: string }) {
    const period = parsePeriod(q.period);
    if (!(await repo.partnerById(this.d.db, partnerId))) throw new ApiError('not_found');
    const { rows, total } = await repo.playersOfPartners(this.d.db, [partnerId], q.pageSize, (q.page - 1) * q.pageSize);
    const ids = rows.map((r) => r.b.playerId);
    const [brief, bets, money, cpa] = await Promise.all([
      playersBrief(this.d.db, ids),
      betTotalsOfPlayers(this.d.db, period.from, period.to, ids),
      moneyOfPlayers(this.d.db, period.from, period.to, ids),
      repo.cpaPlayersOf(this.d.db, partnerId, period.key),
    ]);
    const firsts = await firstDepositsOf(this.d.db, ids);
    const data = rows.map(({ b }) => {
      const sum = (kinds: string[]) => money.filter((m) => m.playerId === b.playerId && kinds.includes(m.kind)).reduce((s, m) => s + m.amountMinor, 0n);
      const bet = bets.get(b.playerId);
      return {
        player_id: b.playerId,
        account: brief.get(b.playerId)?.account ?? '',
        registered_at: b.registeredAt.toISOString(),
        first_deposit_at: firsts.get(b.playerId)?.day ?? null,
        deposits: dec(sum(['deposit'])),
        withdrawals: dec(-sum(['withdraw_paid'])),
        bets: dec(bet?.stakeMinor ?? 0n),
        valid_bet: dec(bet?.validMinor ?? 0n),
        ggr: dec((bet?.stakeMinor ?? 0n) - (bet?.payoutMinor ?? 0n)),
        bonuses: dec(sum(['bonus_grant', 'bonus_give_up', 'bonus_forfeit', 'promotion_grant', 'vip_reward', 'red_packet', 'exchange_bonus'])),
        cpa_qualified: cpa.includes(b.playerId),
      };
    });
    return { data, total, page: q.page, pageSize: q.pageSize };
  }

  // ---- materials -------------------------------------------------------------------------------------------------

  async addMaterial(who: Operator, body: { upload_id: number; title: string; width: number; height: number }) {
    return this.d.db.transaction(async (tx) => {
      // Claimed as operator content, so the purge of never-used uploads leaves the banner alone.
      await claimStaffUploads(tx, { staffId: who.staffId, ids: [body.upload_id], purpose: 'content' });
      const m = await repo.insertMaterial(tx, { uploadId: body.upload_id, title: body.title, width: body.width, height: body.height });
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.material.add',
        target: `partner_material:${m.id}`,
        ip: who.ip,
        before: null,
        after: { title: m.title, size: `${m.width}x${m.height}` },
      });
      return { id: m.id, title: m.title, width: m.width, height: m.height, url: this.d.fileUrl(m.uploadId), created_at: m.createdAt.toISOString() };
    });
  }

  async removeMaterial(who: Operator, id: number) {
    await this.d.db.transaction(async (tx) => {
      const m = await repo.deleteMaterial(tx, id);
      if (!m) throw new ApiError('not_found');
      await recordAudit(tx, {
        staffId: who.staffId,
        action: 'partners.material.remove',
        target: `partner_material:${id}`,
        ip: who.ip,
        before: { title: m.title },
        after: null,
      });
    });
    return null;
  }
}

export interface PlanBody {
  name: string;
  period_kind: 'month' | 'week';
  tiers: Array<{ min_ngr: string; min_active_players: number; rate_bp: number }>;
  cpa: { amount: string; min_first_deposit: string; min_valid_bet: string; within_days: number } | null;
  carry_over: boolean;
  payment_fee_bp: number;
  platform_fees: Array<{ game_group: string; fee_bp: number }>;
  is_default: boolean;
}

const minorText = (d: string) => String(decimalToMinor(d) ?? 0n);

function storedPlan(b: PlanBody) {
  return {
    name: b.name,
    periodKind: b.period_kind,
    carryOver: b.carry_over,
    paymentFeeBp: b.payment_fee_bp,
    isDefault: b.is_default,
    tiers: b.tiers.map((t) => ({ minNgrMinor: minorText(t.min_ngr), minActivePlayers: t.min_active_players, rateBp: t.rate_bp })),
    cpa: b.cpa
      ? {
          amountMinor: minorText(b.cpa.amount),
          minFirstDepositMinor: minorText(b.cpa.min_first_deposit),
          minValidBetMinor: minorText(b.cpa.min_valid_bet),
          withinDays: b.cpa.within_days,
        }
      : null,
    platformFees: b.platform_fees.map((f) => ({ gameGroup: f.game_group, feeBp: f.fee_bp })),
  };
}

function planView(p: repo.PlanRow, partners: number) {
  return { ...planSummary(p), is_default: p.isDefault, partners, updated_at: p.updatedAt.toISOString() };
}

function applicationView(a: repo.ApplicationRow) {
  return {
    id: a.id,
    name: a.name,
    contact_kind: a.contactKind as 'phone',
    contact: a.contact,
    channel: a.channel as 'website',
    expected_players: a.expectedPlayers,
    message: a.message,
    status: a.status,
    ip: a.ip,
    partner_id: a.partnerId,
    reason: a.reason,
    created_at: a.createdAt.toISOString(),
    reviewed_at: iso(a.reviewedAt),
  };
}

function bindingView(b: repo.BindingRow, partnerAccount: string, playerAccount: string) {
  return {
    player_id: b.playerId,
    player_account: playerAccount,
    partner_id: b.partnerId,
    partner_account: partnerAccount,
    source: b.source,
    campaign: b.campaign,
    registration_ip: b.registrationIp,
    bound_at: b.boundAt.toISOString(),
  };
}

function partnerCountsOf(db: Db, ids: number[]) {
  return repo.partnerCounts(db, ids);
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after))
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  return { before: b, after: a };
}

/** The statement's fraud-signal kind for a signal kind the risk domain links two players by. */
function fraudKindOf(signal: string): FraudSignalKind {
  switch (signal) {
    case 'device':
      return 'shared_device';
    case 'ip':
    case 'subnet':
      return 'shared_address';
    case 'card':
    case 'payer':
      return 'shared_bank_card';
    case 'phone':
      return 'shared_phone';
    case 'identity':
      return 'shared_identity';
    default:
      return 'linked_account';
  }
}

function ownPlayerView(r: repo.OwnPlayerReviewRow, partnerAccount: string, playerAccount: string) {
  return {
    player_id: r.playerId,
    player_account: playerAccount,
    partner_id: r.partnerId,
    partner_account: partnerAccount,
    kinds: r.kinds.split(',').filter((k): k is 'ip' | 'device' => k === 'ip' || k === 'device'),
    status: r.status,
    reason: r.reason,
    decided_at: iso(r.decidedAt),
    created_at: r.createdAt.toISOString(),
  };
}
