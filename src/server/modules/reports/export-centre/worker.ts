// The export centre's worker, which every instance runs: each poll first clears the files of expired exports (a
// bounded batch), then claims the oldest queued export (FOR UPDATE SKIP LOCKED with a lease) and writes it a batch
// of rows at a time through the one writer (lib/export-writer.ts). After each batch it records the progress, which
// also extends its lease and tells it whether the requester cancelled (then it stops and keeps nothing). A finished
// file is stored in the job's row. Stopping lets the batch in hand finish and gives the export back to the queue, so
// another instance writes it from the start.
import type { FastifyInstance } from 'fastify';
import { sheetWriter, ExportTooLarge } from '../../../lib/export-writer.ts';
import { EXPORT_CONTENT_TYPES } from '../../../../shared/schemas/backoffice/exports.ts';
import type { Db } from '../../../db/client.ts';
import { isLocale } from '../../../../i18n/index.ts';
import { taipeiDate } from '../../../../shared/time.ts';
import type { ExportGrids, ExportPage } from '../../../lib/export-grid.ts';
import { EXPORT_LIMITS, type ExportLimits } from './limits.ts';
import * as repo from './repository.ts';

export interface ExportWorkerOptions {
  db: Db;
  grids: ExportGrids;
  /** This instance's name on the exports it writes. */
  instance: string;
  log: (err: unknown, jobId: number | undefined) => void;
  limits?: Partial<ExportLimits>;
  /** Rows read and written per batch. */
  batchRows?: number;
  /** A pause between batches, so a long export leaves the database to the requests between its reads. */
  batchPauseMs?: number;
  /** Wait between polls that found nothing to write. */
  pollIntervalMs?: number;
  /** A claimed export not touched for this long is taken again by another instance. */
  leaseMs?: number;
}

export interface ExportWorker {
  /** One poll: purges expired files, then writes at most one export; answers whether it wrote (or tried) one. */
  pollOnce(): Promise<boolean>;
  start(): void;
  /** Stops polling and waits for the export in hand to stop after its batch. */
  stop(): Promise<void>;
}

const DEFAULTS = { batchRows: 500, batchPauseMs: 5, pollIntervalMs: 2_000, leaseMs: 60_000 };
/** Expired files cleared per poll, and old rows removed per poll. */
const PURGE_BATCH = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Why an export stopped short. */
type Outcome = 'done' | 'cancelled' | 'stopped' | 'too_many_rows' | 'too_large';

type Resolved = typeof DEFAULTS & ExportWorkerOptions & { limits: ExportLimits };

/** Writes one claimed export; answers how it ended. */
async function writeExport(o: Resolved, job: repo.ExportJobRow, stopping: () => boolean): Promise<Outcome> {
  const grid = o.grids.get(job.grid);
  if (!grid) throw new Error(`no export grid ${job.grid}`);
  const locale = isLocale(job.locale) ? job.locale : 'zh-TW';
  const params = Object.fromEntries(Object.entries(job.params).map(([k, v]) => [k, String(v)]));
  return grid.run(params, { staffId: job.requestedBy, role: job.requestedRole }, locale, async (columns, read) => {
    const writer = sheetWriter(job.format, columns, { maxBytes: o.limits.maxFileBytes, sheetName: grid.fileName });
    let total: number | undefined;
    let done = 0;
    for (let page: ExportPage = { page: 1, pageSize: o.batchRows }; ; page = { ...page, page: page.page + 1 }) {
      const batch = await read(page);
      total ??= batch.total;
      if (total > o.limits.maxRows) return 'too_many_rows';
      const rows = batch.rows.slice(0, Math.max(0, total - done));
      try {
        await writer.write(rows);
      } catch (err) {
        if (err instanceof ExportTooLarge) return 'too_large';
        throw err;
      }
      done += rows.length;
      if (!(await repo.recordProgress(o.db, job.id, o.instance, o.leaseMs, { rowsDone: done, rowsTotal: total }))) return 'cancelled';
      if (batch.rows.length < page.pageSize || done >= total) break;
      if (stopping()) return 'stopped';
      await sleep(o.batchPauseMs);
    }
    let file: Buffer;
    try {
      file = await writer.end();
    } catch (err) {
      if (err instanceof ExportTooLarge) return 'too_large';
      throw err;
    }
    const expiresAt = new Date(Date.now() + o.limits.retentionMs);
    const fileName = `${grid.fileName}_${taipeiDate(job.createdAt)}_${job.id}.${job.format}`;
    await repo.finishJob(o.db, job.id, o.instance, { file, fileName, contentType: EXPORT_CONTENT_TYPES[job.format], rowsDone: done, expiresAt });
    return 'done';
  });
}

export function createExportWorker(opts: ExportWorkerOptions): ExportWorker {
  const o: Resolved = { ...DEFAULTS, ...opts, limits: { ...EXPORT_LIMITS, ...opts.limits } };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  /** Set by stop() only: a poll run by hand (a test) writes its export whole. */
  let stopping = false;

  async function purge(): Promise<void> {
    await repo.purgeExpired(o.db, PURGE_BATCH);
    await repo.deleteOld(o.db, new Date(Date.now() - o.limits.historyMs), PURGE_BATCH);
  }

  const pollOnce = async (): Promise<boolean> => {
    await purge();
    const job = await repo.claimJob(o.db, o.instance, o.leaseMs);
    if (!job) return false;
    try {
      const outcome = await writeExport(o, job, () => stopping);
      if (outcome === 'too_many_rows' || outcome === 'too_large') await repo.failJob(o.db, job.id, o.instance, outcome);
      if (outcome === 'stopped') await repo.releaseJob(o.db, job.id, o.instance);
    } catch (err) {
      o.log(err, job.id);
      await repo.failJob(o.db, job.id, o.instance, 'write_failed');
    }
    return true;
  };

  const tick = () => {
    if (stopped) return;
    running = pollOnce()
      .catch((err: unknown) => {
        o.log(err, undefined);
        return false;
      })
      .then((ran) => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, ran ? 0 : o.pollIntervalMs).unref();
      });
  };

  return {
    pollOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      timer = setTimeout(tick, o.pollIntervalMs).unref();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The export centre's worker (tests poll it by hand). */
    exportCentre: { worker: ExportWorker };
  }
}

/** Creates the app's export worker, hands it to the app, and starts it when the app runs its background work. */
export function startExportCentre(app: FastifyInstance, deps: { db: Db; grids: ExportGrids; instance: string; run: boolean }): ExportWorker {
  const worker = createExportWorker({ ...deps, log: (err, jobId) => app.log.error({ err, exportJob: jobId }, 'export failed') });
  app.decorate('exportCentre', { worker });
  if (deps.run) worker.start();
  return worker;
}
