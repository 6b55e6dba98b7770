// The risk desk: a player's linked accounts and the signals linking them, the report of groups,
// confirming or clearing a link, a withdrawal's risk decision with its reasons, rule hits per day and the settings.
// Every operator action is audited with the state before and after, in the same transaction.
import * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import type { Operator } from '../staff/service.ts';
import { accountNames } from '../auth/player-facts.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { DAY_MS, startOfTaipeiDate } from '../../../shared/time.ts';
import type { Paging } from '../../../shared/schemas/paging.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';
import type { LinkedAccountsView, RuleHitsView, WithdrawalRiskView } from '../../../shared/schemas/risk/backoffice.ts';
import type { linkReviewBody } from '../../../shared/schemas/risk/backoffice.ts';
import type { riskSettingsBody } from '../../../shared/schemas/risk/settings.ts';
import type { RiskSettings } from '../../../shared/schemas/risk/settings.ts';
import type { RiskService } from './service.ts';
import { linkedPlayerIds } from './link-facts.ts';
import * as repo from './repository.ts';

/** Pairs the player page lists at most. */
const LINKS_SHOWN_MAX = 100;
/** The longest span of days the rule-hits screen reads at once. */
const HIT_DAYS_MAX = 92;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The settings' changed leaves, before and after, nested as the settings are (the audit log names each level). */
function changedLeaves(before: unknown, after: unknown): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const x = b[key];
    const y = a[key];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (x && y && typeof x === 'object' && typeof y === 'object') {
      const inner = changedLeaves(x, y);
      was[key] = inner.before;
      now[key] = inner.after;
    } else {
      was[key] = x ?? null;
      now[key] = y ?? null;
    }
  }
  return { before: was, after: now };
}

export class RiskBackofficeService {
  private readonly db: Db;
  private readonly risk: RiskService;

  constructor(deps: { db: Db; risk: RiskService }) {
    this.db = deps.db;
    this.risk = deps.risk;
  }

  async playerLinks(playerId: number): Promise<LinkedAccountsView> {
    const { settings } = await this.risk.settings();
    const [links, group] = await Promise.all([repo.linksOf(this.db, playerId, LINKS_SHOWN_MAX), linkedPlayerIds(this.db, playerId)]);
    const others = links.map((l) => (l.playerA === playerId ? l.playerB : l.playerA));
    const names = await accountNames(this.db, [...new Set([...others, ...group])]);
    return {
      player_id: playerId,
      group_id: group.length ? Math.min(playerId, ...group) : null,
      group: group.map((id) => ({ player_id: id, account: names.get(id) ?? `#${id}` })),
      links: links.map((l, i) => ({
        player_id: others[i]!,
        account: names.get(others[i]!) ?? `#${others[i]}`,
        score: l.score,
        above_threshold: l.score >= settings.link_threshold,
        status: l.status,
        signals: l.signals,
        review_reason: l.reviewReason,
        reviewed_at: iso(l.reviewedAt),
      })),
    };
  }

  async groups(p: Paging) {
    const { rows, total } = await repo.groupsPage(this.db, p.pageSize, offsetOf(p));
    const ids = [...new Set(rows.flatMap((r) => r.members.map(Number)))];
    const names = await accountNames(this.db, ids);
    return {
      data: rows.map((r) => ({
        group_id: Number(r.group_id),
        size: Number(r.size),
        max_score: Number(r.max_score ?? 0),
        confirmed: Number(r.confirmed),
        members: r.members.map((m) => ({ player_id: Number(m), account: names.get(Number(m)) ?? `#${m}` })),
        updated_at: iso(r.updated_at),
      })),
      total,
      page: p.page,
      pageSize: p.pageSize,
    };
  }

  /** Confirms (one person) or clears (unrelated) the link between two players; audited on the first player. */
  async reviewLink(op: Operator, playerId: number, other: number, body: v.InferOutput<typeof linkReviewBody>): Promise<LinkedAccountsView> {
    await this.db.transaction(async (tx) => {
      const before = await this.risk.reviewLinkInTx(tx, playerId, other, { status: body.status, reason: body.reason, staffId: op.staffId });
      if (!before) throw new ApiError('not_found');
      const names = await accountNames(tx, [other]);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: body.status === 'confirmed' ? 'risk.link.confirm' : 'risk.link.clear',
        target: `player:${playerId}`,
        ip: op.ip,
        before: { status: before.status },
        after: { status: body.status },
        detail: { reason: body.reason, linked_account: names.get(other) ?? `#${other}`, score: before.score, signals: before.signals },
      });
    });
    await this.risk.regroupPair(playerId, other);
    return this.playerLinks(playerId);
  }

  async decision(withdrawalId: string): Promise<WithdrawalRiskView> {
    const d = await repo.decisionOf(this.db, withdrawalId);
    if (!d) return null;
    return {
      withdrawal_id: d.withdrawalId,
      score: d.score,
      decision: d.decision,
      hits: d.hits,
      inputs: d.inputs,
      created_at: iso(d.createdAt),
    };
  }

  /** Decisions and rule hits per Taipei day, every day of the span listed (zeros included). */
  async ruleHits(q: { from: string; to: string }): Promise<RuleHitsView> {
    const from = startOfTaipeiDate(q.from);
    const to = new Date(startOfTaipeiDate(q.to).getTime() + DAY_MS);
    if (to.getTime() - from.getTime() > HIT_DAYS_MAX * DAY_MS) throw new ApiError('validation_failed', { to: ['bo.risk.v.span'] });
    const { decisions, hits } = await repo.hitsPerDay(this.db, from, to);
    const days: RuleHitsView['days'] = [];
    for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) {
      const day = new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
      const d = decisions.find((x) => x.day === day);
      days.push({
        day,
        decisions: Number(d?.n ?? 0),
        hold: Number(d?.hold ?? 0),
        auto_approve: Number(d?.auto ?? 0),
        hits: Object.fromEntries(hits.filter((h) => h.day === day).map((h) => [h.rule, Number(h.n)])),
      });
    }
    return { days };
  }

  async settingsView() {
    const { settings, updatedAt } = await this.risk.settings();
    return { settings, updated_at: iso(updatedAt) };
  }

  async saveSettings(op: Operator, body: v.InferOutput<typeof riskSettingsBody>) {
    const { settings: before } = await this.risk.settings();
    const after: RiskSettings = body.settings;
    const diff = changedLeaves(before, after);
    await this.db.transaction(async (tx) => {
      await repo.saveSettings(tx, after, op.staffId);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'risk.settings.update',
        target: 'risk_settings',
        ip: op.ip,
        before: withMoney(diff.before),
        after: withMoney(diff.after),
        detail: { reason: body.reason },
      });
    });
    // New weights or a new threshold change what existing pairs score and which groups they form.
    if ('weights' in diff.after || 'link_threshold' in diff.after) await this.risk.rescoreAll();
    return this.settingsView();
  }
}

/** The ceiling is whole currency units; the audit log shows it as an amount. */
function withMoney(state: Record<string, unknown>): Record<string, unknown> {
  const c = state.auto_approve_ceiling;
  return typeof c === 'number' ? { ...state, auto_approve_ceiling: minorToDecimal(BigInt(c) * 100n) } : state;
}
