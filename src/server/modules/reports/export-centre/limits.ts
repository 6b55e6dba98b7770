// The export centre's limits: how many rows one file may hold, how large it may grow, how many exports a staff member
// may have waiting or running at once, and how long a finished file is kept. Tests pass smaller ones.

export interface ExportLimits {
  /** Rows one export may hold; a grid whose filters match more is refused (narrow the filters). */
  maxRows: number;
  /** Bytes one file may reach before it is stored (the database holds it). */
  maxFileBytes: number;
  /** Exports one staff member may have queued or running at once. */
  maxOpenPerStaff: number;
  /** How long a finished file may be downloaded again. */
  retentionMs: number;
  /** How long an export's row stays in its requester's list after it finished. */
  historyMs: number;
}

const HOUR_MS = 3_600_000;

export const EXPORT_LIMITS: ExportLimits = {
  maxRows: 100_000,
  maxFileBytes: 20 * 1024 * 1024,
  maxOpenPerStaff: 3,
  retentionMs: 24 * HOUR_MS,
  historyMs: 30 * 24 * HOUR_MS,
};

/** Exports a staff member's list shows at most. */
export const EXPORTS_LISTED_MAX = 50;
