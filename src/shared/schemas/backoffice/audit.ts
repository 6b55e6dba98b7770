// The audit log's query and answer, and the names of every audited action: the log's action filter offers these,
// and each has a sentence in both back-office catalogues (src/i18n/backoffice-audit-*.ts).
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { idText } from '../ids.ts';
import { pageQuery } from '../paging.ts';
import { boundedDay } from '../days.ts';

/** Every action a recordAudit call writes. A unit test holds the server's call sites and the catalogues to this list. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'staff.create',
  'staff.update',
  'staff.password.change',
  'staff.totp.begin',
  'staff.totp.enable',
  'staff.totp.disable',
  'player.kick',
  'player.password_reset',
  'player.force_password',
  'player.force_password_off',
  'player.unlock_login',
  'player.session_revoke',
  'player.enable',
  'player.disable',
  'player.profile_update',
  'player.blacklist',
  'balance.adjust',
  'bonus.grant',
  'reconciliation.run',
  'reconciliation.recheck',
  'provider.faults.update',
  'provider.faults.reset',
  'deposit.confirm',
  'deposit.reject',
  'deposit.usdt_rate',
  'withdrawal.pay',
  'withdrawal.reject',
  'withdrawal.release',
  'bankcard.approve',
  'bankcard.reject',
  'platform.update',
  'game.update',
  'website.update',
  'settings.update',
  'message.create',
  'message.update',
  'messages.compose',
  'messages.republish',
  'messages.withdraw',
  'popups.create',
  'popups.update',
  'popups.delete',
  'protection.limit_lowered',
  'protection.exclusion_added',
  'promotion.create',
  'promotion.update',
  'promotion.category.create',
  'promotion.category.update',
  'promotion.mode',
  'promotion.application.approve',
  'promotion.application.reject',
  'promotion.gift',
  'promotion.job',
  'vip.level.update',
  'vip.player.level',
  'vip.points.adjust',
  'vip.gift.create',
  'vip.gift.update',
  'vip.gift.image',
  'vip.order.ship',
  'vip.order.receive',
  'vip.order.reject',
  'redpacket.claim.approve',
  'redpacket.claim.reject',
  'redpacket.round.create',
  'redpacket.round.update',
  'redpacket.round.cancel',
  'consultation.reply',
  'consultation.end',
  'consultation.assign',
  'chat.take',
  'chat.transfer',
  'chat.close',
  'chat.canned_create',
  'chat.canned_update',
  'chat.canned_delete',
  'player.tag.create',
  'player.tag.add',
  'player.tag.remove',
  'player.note.add',
  'player.bulk.level',
  'player.bulk.message',
  'balance.adjust.request',
  'balance.adjust.approve',
  'balance.adjust.reject',
  'seamless.platform',
  'seamless.key',
  'seamless.finding.credit',
  'seamless.finding.close',
  'reports.export',
  'reports.rebuild',
  'exports.request',
  'exports.cancel',
  'exports.download',
  'kyc.document.view',
  'kyc.document.approve',
  'kyc.document.reject',
  'kyc.settings',
  'risk.link.confirm',
  'risk.link.clear',
  'risk.settings.update',
  'partners.create',
  'partners.update',
  'partners.password_reset',
  'partners.application.approve',
  'partners.application.reject',
  'partners.plan.create',
  'partners.plan.update',
  'partners.domain.add',
  'partners.domain.remove',
  'partners.binding.move',
  'partners.own_player.approve',
  'partners.own_player.deny',
  'partners.statement.adjust',
  'partners.statement.hold',
  'partners.statement.approve',
  'partners.settle',
  'partners.payout.pay',
  'partners.payout.reject',
  'partners.material.add',
  'partners.material.remove',
  'system.redrive',
  'system.redrive_kind',
  'system.run_job',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The groups the action filter also offers ("every player action"): the part of an action before its first dot. */
export const AUDIT_ACTION_GROUPS = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]!))];

const day = boundedDay('bo.audit.v.day');

/**
 * Filters of the log, all optional and combined: one action (or a group, "player."), the staff member, the player
 * (by account), and Taipei days from and to (both included).
 */
export const auditQuery = v.pipe(
  v.object(
    {
      ...pageQuery,
      action: v.optional(
        v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(60, 'v.too_long'), v.regex(/^[a-z_]+(\.[a-z_]+)*\.?$|^$/, 'bo.audit.v.action')),
      ),
      staff_id: v.optional(v.union([v.literal(''), idText('bo.audit.v.staff')], 'bo.audit.v.staff')),
      player: v.optional(v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(32, 'v.too_long'))),
      from: v.optional(v.union([v.literal(''), day], 'bo.audit.v.day')),
      to: v.optional(v.union([v.literal(''), day], 'bo.audit.v.day')),
    },
    'v.type.object',
  ),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, 'bo.audit.v.range'),
    ['to'],
  ),
);
export type AuditQuery = v.InferOutput<typeof auditQuery>;

const auditEntryView = v.object({
  id: v.number(),
  staff_id: v.nullable(v.number()),
  /** The staff member's account name; empty for an automatic action. */
  username: v.string(),
  action: v.string(),
  target: v.string(),
  /** The player the action concerned, and their account, when there is one. */
  player_id: v.nullable(v.number()),
  account: v.nullable(v.string()),
  /** The changed fields as they were and as they became (null: created, or deleted). */
  before: v.unknown(),
  after: v.unknown(),
  /** Context that did not change: a reason, a title, a journal. */
  detail: v.unknown(),
  ip: v.string(),
  created_at: v.nullable(v.string()),
});
export const auditListView = staffPageOf(auditEntryView);
/** The staff members the log's staff filter offers. */
export const auditStaffView = v.array(v.object({ id: v.number(), username: v.string() }));

export type AuditEntryView = v.InferOutput<typeof auditEntryView>;
