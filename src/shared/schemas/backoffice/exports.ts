// The export centre's requests and answers: queueing an export of a back-office grid (its key, the format and the
// grid's own filters, which the grid's schema checks on the server), the staff member's list of exports with their
// progress, and one export's id. The grids and formats are named here so the back office offers only known ones.
import * as v from 'valibot';
import { idText } from '../ids.ts';
import { EXPORT_JOB_STATUS, statusValues } from '../../statuses.ts';

/** Every grid the export centre writes; each has an entry in the server's registry (src/server/export-grids.ts). */
export const EXPORT_GRIDS = ['deposits', 'withdrawals', 'audit', 'bank_cards', 'ledger', 'bets'] as const;
export type ExportGridKey = (typeof EXPORT_GRIDS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The content type each format's file is downloaded with. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A grid's filters are few short query values; more or longer ones cannot be a filter. */
const PARAMS_MAX = 20;
const PARAM_TEXT_MAX = 100;

export const exportRequestBody = v.strictObject(
  {
    grid: v.picklist(EXPORT_GRIDS, 'bo.v.export_grid'),
    format: v.picklist(EXPORT_FORMATS, 'bo.v.export_format'),
    params: v.optional(
      v.pipe(
        v.record(
          v.pipe(v.string(), v.regex(/^[a-z_]{1,32}$/, 'bo.v.export_params')),
          v.pipe(v.string('bo.v.export_params'), v.maxLength(PARAM_TEXT_MAX, 'v.too_long')),
          'bo.v.export_params',
        ),
        v.check((p) => Object.keys(p).length <= PARAMS_MAX, 'bo.v.export_params'),
      ),
      {},
    ),
  },
  'v.type.object',
);
export type ExportRequestBody = v.InferOutput<typeof exportRequestBody>;

export const exportParams = v.object({ id: idText('error.not_found') });

export const exportJobView = v.object({
  id: v.number(),
  grid: v.picklist(EXPORT_GRIDS),
  format: v.picklist(EXPORT_FORMATS),
  status: v.picklist(statusValues(EXPORT_JOB_STATUS)),
  /** Null until the worker read the first batch and knows how many rows the file will hold. */
  rows_total: v.nullable(v.number()),
  rows_done: v.number(),
  /** Why a failed export failed, as a code the back office words (bo.exports.error.*). */
  error: v.nullable(v.string()),
  file_name: v.nullable(v.string()),
  file_bytes: v.nullable(v.number()),
  requested_by: v.string(),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  /** A finished export whose file was cleared after its retention. */
  expired: v.boolean(),
});
export type ExportJobView = v.InferOutput<typeof exportJobView>;

export const exportListView = v.object({
  data: v.array(exportJobView),
  limits: v.object({ max_rows: v.number(), max_running: v.number(), retention_hours: v.number() }),
});
export type ExportListView = v.InferOutput<typeof exportListView>;

/** A downloaded file: its bytes, streamed as they are read (CSV text or an XLSX workbook). */
export const exportFileView = v.unknown();
