// The back office's player-protection routes, registered inside backofficeRoutes so its auth hook (each
// route's `config.staff` permission) and error handler apply. Staff may lower a limit or add an exclusion,
// always with a reason, never raise a limit or end an exclusion early; every action is audited.
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import { moneyField } from '../../../shared/schemas/wallet.ts';
import {
  EXCLUSION_DURATIONS,
  LIMIT_PERIOD_NAMES,
  MONEY_LIMIT_KINDS,
  TIMEOUT_DURATIONS,
  exclusionRowView,
  exclusionView,
  limitOutcomeView,
  staffProtectionView,
} from '../../../shared/schemas/protection.ts';
import { okBody, pageOf } from '../../../shared/schemas/envelope.ts';
import type { TypedApp, ValibotTypeProvider } from '../../lib/validation.ts';
import type { Db } from '../../db/client.ts';
import type { ProtectionService } from './service.ts';
import { readsPersonalWhole, staffOf } from '../staff/request.ts';
import { shownPhone } from '../../lib/mask.ts';
import { recordAudit } from '../staff/audit.ts';
import { idParams, offsetOf, pageQuery } from '../../../shared/schemas/paging.ts';

const REASON_MAX = 500;
const reason = v.pipe(v.string('v.type.string'), v.maxLength(REASON_MAX, 'v.too_long'), v.trim(), v.nonEmpty('protection.v.reason'));

const boLowerLimitBody = v.strictObject(
  {
    kind: v.picklist([...MONEY_LIMIT_KINDS, 'session'], 'protection.v.kind'),
    period: v.picklist([...LIMIT_PERIOD_NAMES, 'session'], 'protection.v.period'),
    /** Money for deposit, loss and wager; whole minutes for the session limit. */
    value: moneyField,
    reason,
  },
  'v.type.object',
);

const boExclusionBody = v.strictObject(
  {
    duration: v.picklist([...TIMEOUT_DURATIONS, ...EXCLUSION_DURATIONS], 'protection.v.duration'),
    reason,
  },
  'v.type.object',
);

const boRegisterQuery = v.object({
  ...pageQuery,
  search: v.optional(v.pipe(v.string(), v.maxLength(12, 'v.too_long'), v.trim())),
});

export const backofficeProtectionRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, protection } = app.services;
  statusAndLimitRoutes(app, db, protection);
  exclusionRoutes(app, db, protection);
};

/** A player's protection status and history, and the operator's lowering of a limit. */
function statusAndLimitRoutes(app: TypedApp, db: Db, protection: ProtectionService): void {
  const known = (id: number) => protection.player(id);
  app.get(
    '/players/:id/protection',
    { schema: { params: idParams, response: { 200: okBody(staffProtectionView) } }, config: { staff: 'protection.read' } },
    async (request) => {
      const id = request.params.id;
      const player = await known(id);
      const [status, history] = await Promise.all([protection.status(id), protection.history(id)]);
      return ok({ player: { id: player.id, account: player.account }, status, history });
    },
  );

  app.post(
    '/players/:id/protection/limits',
    { schema: { params: idParams, body: boLowerLimitBody, response: { 200: okBody(limitOutcomeView) } }, config: { staff: 'protection.manage' } },
    async (request) => {
      const id = request.params.id;
      await known(id);
      const body = request.body;
      if ((body.kind === 'session') !== (body.period === 'session')) throw new ApiError('validation_failed', { period: ['protection.v.period'] });
      const minor = decimalToMinor(body.value)!;
      // The session limit is counted in whole minutes; the field carries them as a number without decimals.
      const value = body.kind === 'session' ? minor / 100n : minor;
      const staff = staffOf(request);
      const was = await protection.limitValue(id, body.kind, body.period);
      const outcome = await protection.setLimit(id, body.kind, body.period, value, { staffId: staff.staffId, reason: body.reason });
      const shown = (x: bigint | null) => (x === null ? null : body.kind === 'session' ? Number(x) : minorToDecimal(x));
      await recordAudit(db, {
        staffId: staff.staffId,
        action: 'protection.limit_lowered',
        target: `player:${id}`,
        ip: request.ip,
        before: { kind: body.kind, period: body.period, value: shown(was) },
        after: { kind: body.kind, period: body.period, value: shown(await protection.limitValue(id, body.kind, body.period)) },
        detail: { reason: body.reason, outcome },
      });
      return ok({ outcome });
    },
  );
}

/** An exclusion the operator adds, and the register of active exclusions. */
function exclusionRoutes(app: TypedApp, db: Db, protection: ProtectionService): void {
  const known = (id: number) => protection.player(id);
  app.post(
    '/players/:id/protection/exclusions',
    { schema: { params: idParams, body: boExclusionBody, response: { 200: okBody(exclusionView) } }, config: { staff: 'protection.manage' } },
    async (request) => {
      const id = request.params.id;
      await known(id);
      const body = request.body;
      const staff = staffOf(request);
      const view = await protection.exclude(id, body.duration, { staffId: staff.staffId, reason: body.reason });
      await recordAudit(db, {
        staffId: staff.staffId,
        action: 'protection.exclusion_added',
        target: `player:${id}`,
        ip: request.ip,
        before: null,
        after: { kind: view.kind, duration: body.duration, ends_at: view.ends_at },
        detail: { reason: body.reason },
      });
      return ok(view);
    },
  );

  app.get(
    '/protection/exclusions',
    { schema: { querystring: boRegisterQuery, response: { 200: okBody(pageOf(exclusionRowView)) } }, config: { staff: 'protection.read' } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await protection.activeRegister({ search: q.search || undefined, limit: q.pageSize, offset: offsetOf(q) });
      const whole = readsPersonalWhole(request);
      return ok({
        data: rows.map((r) => ({
          id: r.id,
          player_id: r.playerId,
          account: r.account,
          phone: r.phone === null ? null : shownPhone(r.phone, whole),
          kind: r.kind,
          duration: r.duration,
          starts_at: r.startsAt.toISOString(),
          ends_at: r.endsAt?.toISOString() ?? null,
          reason: r.reason,
          by_staff: r.staffId !== null,
        })),
        total,
      });
    },
  );
}
