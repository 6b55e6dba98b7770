// The operator reports' back-office routes: the daily summary, the games and players reports, their CSV
// exports and the player list's, and an operator's rebuild of a day. Reports need 'reports'; exports that carry
// personal data (the player list, the players report) need 'reports.personal'. Every export is audited with the
// report and its filters before its first byte leaves.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import type { TypedApp, ValibotTypeProvider } from '../../lib/validation.ts';
import type { Db } from '../../db/client.ts';
import { operatorOf } from '../staff/request.ts';
import {
  bonusesExportQuery,
  bonusesReportQuery,
  bonusesReportView,
  csvView,
  paymentsReportQuery,
  paymentsReportView,
  protectionReportQuery,
  protectionReportView,
  retentionReportQuery,
  retentionReportView,
  dailyReportQuery,
  dailyReportView,
  gamesReportQuery,
  gamesReportView,
  liabilityPlayersQuery,
  liabilityPlayersView,
  liabilityReportQuery,
  liabilityReportView,
  playerListExportQuery,
  playersReportQuery,
  playersReportView,
  rebuildBody,
  rebuiltView,
} from '../../../shared/schemas/backoffice/reports.ts';
import { ReportsService } from './service.ts';
import { csvFileName, csvStream } from '../../lib/csv.ts';
import {
  bonusDayColumns,
  bonusDayRows,
  bonusSourceColumns,
  bonusSourceRows,
  dailyColumns,
  dailyRows,
  oneBatch,
  paymentColumns,
  paymentRows,
  protectionColumns,
  protectionRows,
  retentionColumns,
  retentionRows,
  gameColumns,
  gameRows,
  liabilityDayColumns,
  liabilityDayRows,
  liabilityPlayerColumns,
  liabilityPlayerRows,
  playerListColumns,
  playerListRows,
  playerReportColumns,
  playerReportRows,
} from './exports.ts';
import { daysOf } from './range.ts';

const csvAnswer = { 200: csvView };

/** Audits an export (who, which report, which filters), then streams it as an attachment named after its filters. */
async function sendCsv(
  reports: ReportsService,
  request: FastifyRequest,
  reply: FastifyReply,
  report: string,
  filters: Record<string, string | undefined>,
  body: Readable,
) {
  await reports.recordExport(operatorOf(request), report, filters, request.locale);
  const name = csvFileName(report, filters);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The exports of the reports read whole (a few dozen rows): bonuses, payments, retention and protection. */
function smallExportRoutes(app: TypedApp, reports: ReportsService): void {
  app.get(
    '/reports/bonuses/export',
    { schema: { querystring: bonusesExportQuery, response: csvAnswer }, config: { staff: 'reports' } },
    async (request, reply) => {
      const { from, to, table } = request.query;
      const report = await reports.bonuses(request.query);
      const body =
        table === 'days'
          ? csvStream(bonusDayColumns(request.locale), oneBatch(bonusDayRows(report, request.locale)))
          : csvStream(bonusSourceColumns(request.locale), oneBatch(bonusSourceRows(report, request.locale)));
      return sendCsv(reports, request, reply, `bonuses-${table}`, { from, to }, body);
    },
  );

  app.get(
    '/reports/payments/export',
    { schema: { querystring: paymentsReportQuery, response: csvAnswer }, config: { staff: 'reports' } },
    async (request, reply) => {
      const { from, to } = request.query;
      const report = await reports.payments(request.query);
      return sendCsv(
        reports,
        request,
        reply,
        'payments',
        { from, to },
        csvStream(paymentColumns(request.locale), oneBatch(paymentRows(report, request.locale))),
      );
    },
  );

  app.get(
    '/reports/retention/export',
    { schema: { querystring: retentionReportQuery, response: csvAnswer }, config: { staff: 'reports' } },
    async (request, reply) => {
      const { from, to, weeks } = request.query;
      const report = await reports.retention(request.query);
      return sendCsv(
        reports,
        request,
        reply,
        'retention',
        { from, to, weeks: String(weeks) },
        csvStream(retentionColumns(request.locale, weeks), oneBatch(retentionRows(report, request.locale))),
      );
    },
  );

  app.get(
    '/reports/protection/export',
    { schema: { querystring: protectionReportQuery, response: csvAnswer }, config: { staff: 'reports' } },
    async (request, reply) => {
      const { from, to } = request.query;
      const report = await reports.protection(request.query);
      return sendCsv(
        reports,
        request,
        reply,
        'protection',
        { from, to },
        csvStream(protectionColumns(request.locale), oneBatch(protectionRows(report, request.locale))),
      );
    },
  );
}

export const backofficeReportRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, reader } = app.services;
  // Reports and exports read through the read replica when it may serve; the rebuild and the audit write through db.
  const reports = new ReportsService({ db, reader, gatewayOf: (method) => app.services.cashier.gatewayOf(method) });
  reportRoutes(app, reports);
  smallExportRoutes(app, reports);
  streamedExportRoutes(app, db, reports);
  liabilityRoutes(app, reports);

  app.post(
    '/reports/rebuild',
    { schema: { body: rebuildBody, response: { 200: okBody(rebuiltView) } }, config: { staff: 'reports.manage' } },
    async (request) => {
      return ok(await reports.rebuildDayBy(operatorOf(request), request.body.day));
    },
  );
};

/** The reports as the desk reads them. */
function reportRoutes(app: TypedApp, reports: ReportsService): void {
  app.get(
    '/reports/daily',
    { schema: { querystring: dailyReportQuery, response: { 200: okBody(dailyReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.daily(request.query)),
  );

  app.get(
    '/reports/games',
    { schema: { querystring: gamesReportQuery, response: { 200: okBody(gamesReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.games(request.query)),
  );

  app.get(
    '/reports/players',
    { schema: { querystring: playersReportQuery, response: { 200: okBody(playersReportView) } }, config: { staff: 'reports.personal' } },
    async (request) => ok(await reports.players(request.query)),
  );

  app.get(
    '/reports/payments',
    { schema: { querystring: paymentsReportQuery, response: { 200: okBody(paymentsReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.payments(request.query)),
  );

  app.get(
    '/reports/retention',
    { schema: { querystring: retentionReportQuery, response: { 200: okBody(retentionReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.retention(request.query)),
  );

  app.get(
    '/reports/protection',
    { schema: { querystring: protectionReportQuery, response: { 200: okBody(protectionReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.protection(request.query)),
  );

  app.get(
    '/reports/bonuses',
    { schema: { querystring: bonusesReportQuery, response: { 200: okBody(bonusesReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.bonuses(request.query)),
  );
}

/** The exports read day by day or page by page as they stream: the daily summary, the games and players reports, the player list. */
function streamedExportRoutes(app: TypedApp, db: Db, reports: ReportsService): void {
  app.get('/reports/daily/export', { schema: { querystring: dailyReportQuery, response: csvAnswer }, config: { staff: 'reports' } }, async (request, reply) => {
    const { from, to } = request.query;
    daysOf(from, to);
    return sendCsv(
      reports,
      request,
      reply,
      'daily-summary',
      { from, to },
      csvStream(dailyColumns(request.locale), dailyRows(reports, from, to, request.locale)),
    );
  });

  app.get('/reports/games/export', { schema: { querystring: gamesReportQuery, response: csvAnswer }, config: { staff: 'reports' } }, async (request, reply) => {
    const { from, to, level } = request.query;
    daysOf(from, to);
    return sendCsv(
      reports,
      request,
      reply,
      'games',
      { level, from, to },
      csvStream(gameColumns(request.locale, level), gameRows(reports, from, to, level, request.locale)),
    );
  });

  app.get(
    '/reports/players/export',
    { schema: { querystring: playersReportQuery, response: csvAnswer }, config: { staff: 'reports.personal' } },
    async (request, reply) => {
      const q = request.query;
      daysOf(q.from, q.to);
      const filters = {
        from: q.from,
        to: q.to,
        level: q.level === undefined ? undefined : String(q.level),
        reg_from: q.reg_from,
        reg_to: q.reg_to,
        activity: q.activity,
        min_deposit: q.min_deposit,
        min_ggr: q.min_ggr,
        partner: q.partner === undefined ? undefined : String(q.partner),
      };
      return sendCsv(reports, request, reply, 'players-report', filters, csvStream(playerReportColumns(request.locale), playerReportRows(db, reports, q)));
    },
  );

  app.get(
    '/reports/player-list/export',
    { schema: { querystring: playerListExportQuery, response: csvAnswer }, config: { staff: 'reports.personal' } },
    async (request, reply) => {
      const q = request.query.q || undefined;
      return sendCsv(reports, request, reply, 'player-list', { q }, csvStream(playerListColumns(request.locale), playerListRows(db, q)));
    },
  );
}

/**
 * The liability reconciliation: the days need 'reports'; the players' rows (each player's balances, no phone or name)
 * need 'reports.balances', which finance holds: it closes the month on them and reads what it exports.
 */
function liabilityRoutes(app: TypedApp, reports: ReportsService): void {
  app.get(
    '/reports/liability',
    { schema: { querystring: liabilityReportQuery, response: { 200: okBody(liabilityReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.liability(request.query)),
  );
  app.get(
    '/reports/liability/players',
    { schema: { querystring: liabilityPlayersQuery, response: { 200: okBody(liabilityPlayersView) } }, config: { staff: 'reports.balances' } },
    async (request) => ok(await reports.liabilityPlayers(request.query)),
  );
  app.get(
    '/reports/liability/export',
    { schema: { querystring: liabilityReportQuery, response: csvAnswer }, config: { staff: 'reports' } },
    async (request, reply) => {
      const { from, to } = request.query;
      const report = await reports.liability(request.query);
      return sendCsv(
        reports,
        request,
        reply,
        'liability',
        { from, to },
        csvStream(liabilityDayColumns(request.locale), oneBatch(liabilityDayRows(report, request.locale))),
      );
    },
  );
  app.get(
    '/reports/liability/players/export',
    { schema: { querystring: liabilityReportQuery, response: csvAnswer }, config: { staff: 'reports.balances' } },
    async (request, reply) => {
      const { from, to } = request.query;
      daysOf(from, to);
      return sendCsv(
        reports,
        request,
        reply,
        'liability-players',
        { from, to },
        csvStream(liabilityPlayerColumns(request.locale), liabilityPlayerRows(reports, from, to)),
      );
    },
  );
}
