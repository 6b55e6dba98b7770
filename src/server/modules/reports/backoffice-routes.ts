// The operator reports' back-office routes (issue 23): the daily summary, the games and players reports, their CSV
// exports and the player list's, and an operator's rebuild of a day. Reports need 'reports'; exports that carry
// personal data (the player list, the players report) need 'reports.personal'. Every export is audited with the
// report and its filters before its first byte leaves.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ok } from '../../lib/reply.ts';
import type { Db } from '../../db/client.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { operatorOf } from '../staff/request.ts';
import { recordAudit } from '../staff/audit.ts';
import {
  csvView, dailyReportQuery, dailyReportView, gamesReportQuery, gamesReportView, playerListExportQuery, playersReportQuery, playersReportView, rebuildBody, rebuiltView,
} from '../../../shared/schemas/backoffice/reports.ts';
import { ReportsService } from './service.ts';
import { csvFileName, csvStream } from './csv.ts';
import {
  dailyColumns, dailyRows, gameColumns, gameRows, playerListColumns, playerListRows, playerReportColumns, playerReportRows,
} from './exports.ts';
import { daysOf } from './range.ts';

const csvAnswer = { 200: csvView };

/** Audits an export (who, which report, which filters), then streams it as an attachment named after its filters. */
async function sendCsv(db: Db, request: FastifyRequest, reply: FastifyReply, report: string, filters: Record<string, string | undefined>, body: Readable) {
  const op = operatorOf(request);
  await recordAudit(db, {
    staffId: op.staffId, action: 'reports.export', target: `report:${report}`,
    detail: { report, filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)), language: request.locale },
    // An export changes nothing: it has no before or after, only what was read.
    before: null, after: null, ip: op.ip,
  });
  const name = csvFileName(report, filters);
  return reply.header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store').send(body);
}

export const backofficeReportRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, reader } = app.services;
  // Reports and exports read through the read replica when it may serve; the rebuild and the audit write through db.
  const reports = new ReportsService({ db, reader });

  app.get('/reports/daily', { schema: { querystring: dailyReportQuery, response: { 200: okBody(dailyReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.daily(request.query)));

  app.get('/reports/games', { schema: { querystring: gamesReportQuery, response: { 200: okBody(gamesReportView) } }, config: { staff: 'reports' } },
    async (request) => ok(await reports.games(request.query)));

  app.get('/reports/players', { schema: { querystring: playersReportQuery, response: { 200: okBody(playersReportView) } }, config: { staff: 'reports.personal' } },
    async (request) => ok(await reports.players(request.query)));

  app.get('/reports/daily/export', { schema: { querystring: dailyReportQuery, response: csvAnswer }, config: { staff: 'reports' } }, async (request, reply) => {
    const { from, to } = request.query;
    daysOf(from, to);
    return sendCsv(db, request, reply, 'daily-summary', { from, to }, csvStream(dailyColumns(request.locale), dailyRows(reports, from, to, request.locale)));
  });

  app.get('/reports/games/export', { schema: { querystring: gamesReportQuery, response: csvAnswer }, config: { staff: 'reports' } }, async (request, reply) => {
    const { from, to, level } = request.query;
    daysOf(from, to);
    return sendCsv(db, request, reply, 'games', { level, from, to }, csvStream(gameColumns(request.locale, level), gameRows(reports, from, to, level, request.locale)));
  });

  app.get('/reports/players/export', { schema: { querystring: playersReportQuery, response: csvAnswer }, config: { staff: 'reports.personal' } }, async (request, reply) => {
    const { from, to } = request.query;
    daysOf(from, to);
    return sendCsv(db, request, reply, 'players-report', { from, to }, csvStream(playerReportColumns(request.locale), playerReportRows(db, reports, from, to)));
  });

  app.get('/reports/player-list/export', { schema: { querystring: playerListExportQuery, response: csvAnswer }, config: { staff: 'reports.personal' } }, async (request, reply) => {
    const q = request.query.q || undefined;
    return sendCsv(db, request, reply, 'player-list', { q }, csvStream(playerListColumns(request.locale), playerListRows(db, q)));
  });

  app.post('/reports/rebuild', { schema: { body: rebuildBody, response: { 200: okBody(rebuiltView) } }, config: { staff: 'reports.manage' } }, async (request) => {
    const op = operatorOf(request);
    const done = await reports.rebuildDay(request.body.day);
    await recordAudit(db, { staffId: op.staffId, action: 'reports.rebuild', target: `day:${done.day}`, detail: { day: done.day }, before: { aggregates: 'incremental' }, after: { aggregates: 'recomputed from bet records and journals' }, ip: op.ip });
    return ok(done);
  });
};
