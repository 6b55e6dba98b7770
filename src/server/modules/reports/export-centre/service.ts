// The export centre: a staff member queues an export of a grid they may read (its filters checked by the grid's own
// schema, its size by the limits), sees their exports with their progress, cancels one that has not finished, and
// downloads a finished file again until it expires (only its requester, or an admin). Each of those is audited.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { recordAudit } from '../../staff/audit.ts';
import { can } from '../../staff/roles.ts';
import { staffNames } from '../../staff/staff-facts.ts';
import type { Operator, StaffAuth } from '../../staff/service.ts';
import type { Locale } from '../../../../shared/constants.ts';
import { EXPORT_JOB_STATUS } from '../../../../shared/statuses.ts';
import type { ExportGridKey, ExportJobView, ExportListView, ExportRequestBody } from '../../../../shared/schemas/backoffice/exports.ts';
import type { ExportGrids, RegisteredGrid } from '../../../lib/export-grid.ts';
import { EXPORTS_LISTED_MAX, EXPORT_LIMITS, type ExportLimits } from './limits.ts';
import * as repo from './repository.ts';

/** A download is read from the database in slices of this size. */
const DOWNLOAD_SLICE_BYTES = 256 * 1024;
/** The role that may download and cancel anyone's export. */
const ADMIN_ROLE = 'admin';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function jobView(row: repo.ExportJobRow, names: Map<number, string>, now = Date.now()): ExportJobView {
  const expired = row.status === EXPORT_JOB_STATUS.done && row.expiresAt !== null && row.expiresAt.getTime() <= now;
  return {
    id: row.id,
    grid: row.grid,
    format: row.format,
    status: row.status,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    error: row.error,
    file_name: row.fileName,
    file_bytes: row.fileBytes,
    requested_by: names.get(row.requestedBy) ?? '',
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    expires_at: iso(row.expiresAt),
    expired,
  };
}

export class ExportCentreService {
  private readonly db: Db;
  private readonly grids: ExportGrids;
  readonly limits: ExportLimits;

  constructor(deps: { db: Db; grids: ExportGrids; limits?: Partial<ExportLimits> }) {
    this.db = deps.db;
    this.grids = deps.grids;
    this.limits = { ...EXPORT_LIMITS, ...deps.limits };
  }

  /** The grid, if the staff member may read it. */
  private gridFor(staff: StaffAuth, key: ExportGridKey): RegisteredGrid {
    const grid = this.grids.get(key);
    if (!grid) throw new ApiError('not_found');
    if (!can(staff.role, grid.permission)) throw new ApiError('forbidden');
    return grid;
  }

  async request(op: Operator, staff: StaffAuth, body: ExportRequestBody, locale: Locale): Promise<ExportJobView> {
    const grid = this.gridFor(staff, body.grid);
    grid.check(body.params);
    // How many rows the filters match now: a file that would be too long is refused before it is queued.
    const total = await grid.run(
      body.params,
      { staffId: staff.staffId, role: staff.role },
      locale,
      async (_c, read) => (await read({ page: 1, pageSize: 1 })).total,
    );
    if (total > this.limits.maxRows) throw new ApiError('export_too_many_rows', undefined, {}, { max: this.limits.maxRows.toLocaleString('en') });
    const job = await this.db.transaction(async (tx) => {
      // One staff member's requests queue one at a time, so two at once cannot both pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK_SPACE}, ${staff.staffId})`);
      if ((await repo.openJobsOf(tx, staff.staffId)) >= this.limits.maxOpenPerStaff) {
        throw new ApiError('export_limit', undefined, {}, { max: String(this.limits.maxOpenPerStaff) });
      }
      const row = await repo.insertJob(tx, {
        grid: grid.key,
        format: body.format,
        params: body.params,
        locale,
        requestedBy: staff.staffId,
        requestedRole: staff.role,
      });
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'exports.request',
        target: `export:${row.id}`,
        detail: { grid: grid.key, format: body.format, filters: body.params, rows: total },
        before: null,
        after: { status: EXPORT_JOB_STATUS.queued },
        ip: op.ip,
      });
      return row;
    });
    return jobView(job, new Map([[staff.staffId, staff.username]]));
  }

  async list(staff: StaffAuth): Promise<ExportListView> {
    const rows = await repo.jobsOf(this.db, staff.staffId, EXPORTS_LISTED_MAX);
    return {
      data: rows.map((r) => jobView(r, new Map([[staff.staffId, staff.username]]))),
      limits: {
        max_rows: this.limits.maxRows,
        max_running: this.limits.maxOpenPerStaff,
        retention_hours: Math.round(this.limits.retentionMs / 3_600_000),
      },
    };
  }

  /** The job, if the staff member asked for it or is an admin. */
  private async ownJob(staff: StaffAuth, id: number): Promise<repo.ExportJobRow> {
    const job = await repo.jobById(this.db, id);
    if (!job) throw new ApiError('not_found');
    if (job.requestedBy !== staff.staffId && staff.role !== ADMIN_ROLE) throw new ApiError('forbidden');
    return job;
  }

  async cancel(op: Operator, staff: StaffAuth, id: number): Promise<ExportJobView> {
    const job = await this.ownJob(staff, id);
    const cancelled = await this.db.transaction(async (tx) => {
      if (!(await repo.cancelJob(tx, id))) return false;
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'exports.cancel',
        target: `export:${id}`,
        detail: { grid: job.grid, format: job.format },
        before: { status: job.status },
        after: { status: EXPORT_JOB_STATUS.cancelled },
        ip: op.ip,
      });
      return true;
    });
    if (!cancelled) throw new ApiError('export_finished');
    const after = (await repo.jobById(this.db, id))!;
    return jobView(after, await staffNames(this.db, [after.requestedBy]));
  }

  /** A finished file, streamed from the database a slice at a time. */
  async download(op: Operator, staff: StaffAuth, id: number): Promise<{ fileName: string; contentType: string; bytes: number; body: Readable }> {
    const job = await this.ownJob(staff, id);
    // The grid's permission is asked again: a role that lost it since cannot take the file.
    this.gridFor(staff, job.grid);
    if (job.status !== EXPORT_JOB_STATUS.done || job.fileBytes === null) throw new ApiError('export_not_ready');
    if (job.expiresAt && job.expiresAt.getTime() <= Date.now()) throw new ApiError('export_expired');
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'exports.download',
      target: `export:${id}`,
      detail: { grid: job.grid, format: job.format, rows: job.rowsDone },
      before: null,
      after: null,
      ip: op.ip,
    });
    const { db } = this;
    const size = job.fileBytes;
    async function* slices() {
      for (let from = 0; from < size; from += DOWNLOAD_SLICE_BYTES) {
        const part = await repo.fileSlice(db, id, from, DOWNLOAD_SLICE_BYTES);
        if (!part || part.length === 0) throw new ApiError('export_expired');
        yield part;
      }
    }
    return { fileName: job.fileName ?? `export-${id}`, contentType: job.contentType ?? 'application/octet-stream', bytes: size, body: Readable.from(slices()) };
  }
}

/** The first key of the advisory lock that queues one staff member's export requests (the second is the staff id). */
export const EXPORT_LOCK_SPACE = 0x45585054;
