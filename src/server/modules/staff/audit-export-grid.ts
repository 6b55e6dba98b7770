// The audit log in the export centre: the same filters and order as the log's page, each entry written as its
// sentence in the requester's language (the action's sentence from the audit catalogue, with the staff member and the
// target), with the changes and the context as they were stored.
import type { CsvColumn } from '../../lib/csv.ts';
import { exportGrid, type RegisteredGrid } from '../../lib/export-grid.ts';
import { boTranslate } from '../../../i18n/backoffice.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Locale } from '../../../shared/constants.ts';
import { auditQuery, type AuditEntryView } from '../../../shared/schemas/backoffice/audit.ts';
import { AuditLogService, type AuditPlayerLookup } from './audit-log-service.ts';

const fill = (template: string, vars: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** The target in words: its kind's name and its id, with the player's account when there is one. */
function targetWords(locale: Locale, e: AuditEntryView): string {
  const [kind = '', ...rest] = e.target.split(':');
  const id = rest.join(':');
  if (kind === 'player') return fill(boTranslate(locale, 'bo.audit.t.player'), { name: e.account ?? `#${id}` });
  const key = `bo.audit.t.${kind}`;
  const template = boTranslate(locale, key);
  const name = `${id ? `#${id}` : ''}${e.account ? ` (${e.account})` : ''}`;
  return template === key ? `${kind} ${name}`.trim() : fill(template, { name }).trim();
}

function sentence(locale: Locale, e: AuditEntryView): string {
  const staff = e.username || boTranslate(locale, 'bo.audit.automatic');
  const key = `bo.audit.a.${e.action}`;
  const template = boTranslate(locale, key);
  return template === key ? `${staff}: ${e.action}` : fill(template, { staff, target: targetWords(locale, e) });
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function auditColumns(locale: Locale): Array<CsvColumn<AuditEntryView>> {
  const h = (c: string) => boTranslate(locale, `bo.exports.col.${c}`);
  return [
    { heading: h('created_at'), cell: (e) => e.created_at, kind: 'datetime' },
    { heading: h('staff'), cell: (e) => e.username || boTranslate(locale, 'bo.audit.automatic') },
    { heading: h('what'), cell: (e) => sentence(locale, e) },
    { heading: h('account'), cell: (e) => e.account },
    { heading: h('before'), cell: (e) => json(e.before) },
    { heading: h('after'), cell: (e) => json(e.after) },
    { heading: h('context'), cell: (e) => json(typeof e.detail === 'object' && e.detail !== null && Object.keys(e.detail).length ? e.detail : null) },
    { heading: h('ip'), cell: (e) => e.ip },
  ];
}

export function auditExportGrid(db: DbOrTx, players: AuditPlayerLookup): RegisteredGrid {
  const log = new AuditLogService(db, players);
  return exportGrid({
    key: 'audit',
    permission: 'audit.read',
    // The log's own query; the export's reads set the page and its size.
    params: auditQuery,
    fileName: 'audit-log',
    columns: auditColumns,
    read: async (params, page) => {
      const { data, total } = await log.list({ ...params, ...page });
      return { rows: data, total };
    },
  });
}
