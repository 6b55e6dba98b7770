// The system desk's words: the catalogue keys its islands use, durations in the page's language, and the readable
// names of event kinds and scheduled jobs (the audit catalogue's `bo.audit.n.*`, handed in by the page), with the
// technical name shown as code where the catalogue has none.
import { COMMON_KEYS, fill } from '../kit/common.tsx';

export const SYSTEM_DESK_KEYS = [
  ...COMMON_KEYS,
  'bo.sysdesk.hint',
  'bo.sysdesk.tab.outbox',
  'bo.sysdesk.tab.dead',
  'bo.sysdesk.tab.jobs',
  'bo.sysdesk.as_of',
  'bo.sysdesk.kinds.empty',
  'bo.sysdesk.col.event',
  'bo.sysdesk.col.pending',
  'bo.sysdesk.col.oldest',
  'bo.sysdesk.col.lag',
  'bo.sysdesk.col.delivered',
  'bo.sysdesk.col.failing',
  'bo.sysdesk.col.last_error',
  'bo.sysdesk.col.dead',
  'bo.sysdesk.col.event_id',
  'bo.sysdesk.col.subscriber',
  'bo.sysdesk.col.attempts',
  'bo.sysdesk.col.failed_at',
  'bo.sysdesk.col.created_at',
  'bo.sysdesk.col.payload',
  'bo.sysdesk.col.job',
  'bo.sysdesk.col.last_run',
  'bo.sysdesk.col.duration',
  'bo.sysdesk.col.result',
  'bo.sysdesk.col.error',
  'bo.sysdesk.col.next_run',
  'bo.sysdesk.col.trigger',
  'bo.sysdesk.col.instance',
  'bo.sysdesk.col.started',
  'bo.sysdesk.ago',
  'bo.sysdesk.none',
  'bo.sysdesk.filter.kind',
  'bo.sysdesk.filter.all',
  'bo.sysdesk.dead.empty',
  'bo.sysdesk.payload.show',
  'bo.sysdesk.payload.hide',
  'bo.sysdesk.payload.cut',
  'bo.sysdesk.redrive',
  'bo.sysdesk.redrive_kind',
  'bo.sysdesk.redrive.confirm',
  'bo.sysdesk.redrive_kind.confirm',
  'bo.sysdesk.redrive.done',
  'bo.sysdesk.jobs.empty',
  'bo.sysdesk.run_now',
  'bo.sysdesk.run_now.confirm',
  'bo.sysdesk.run_now.done',
  'bo.sysdesk.run_now.waiting',
  'bo.sysdesk.running',
  'bo.sysdesk.runs',
  'bo.sysdesk.runs.of',
  'bo.sysdesk.runs.empty',
  'bo.sysdesk.result.ok',
  'bo.sysdesk.result.failed',
  'bo.sysdesk.result.running',
  'bo.sysdesk.result.never',
  'bo.sysdesk.trigger.schedule',
  'bo.sysdesk.trigger.run_now',
  'bo.sysdesk.trigger.catch_up',
  'bo.sysdesk.unit.ms',
  'bo.sysdesk.unit.s',
  'bo.sysdesk.unit.min',
  'bo.sysdesk.unit.h',
  'bo.sysdesk.unit.d',
] as const;
export type DeskKey = (typeof SYSTEM_DESK_KEYS)[number];
export type DeskT = Record<DeskKey, string>;
/** The catalogue's names of event kinds and jobs: `bo.audit.n.event_kind.<event>` and `bo.audit.n.job.<job>`. */
export type DeskNames = Record<string, string>;

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A duration in the largest unit that reads well: 850 ms, 12.5 s, 7 min, 3.2 h, 2 d. */
export function durationText(t: DeskT, ms: number | null): string {
  if (ms === null) return t['bo.sysdesk.none'];
  const n = (x: number) => (x >= 10 ? Math.round(x) : Math.round(x * 10) / 10).toLocaleString('en-US');
  if (ms < SECOND_MS) return fill(t['bo.sysdesk.unit.ms'], { n: Math.round(ms) });
  if (ms < MINUTE_MS) return fill(t['bo.sysdesk.unit.s'], { n: n(ms / SECOND_MS) });
  if (ms < HOUR_MS) return fill(t['bo.sysdesk.unit.min'], { n: n(ms / MINUTE_MS) });
  if (ms < DAY_MS) return fill(t['bo.sysdesk.unit.h'], { n: n(ms / HOUR_MS) });
  return fill(t['bo.sysdesk.unit.d'], { n: n(ms / DAY_MS) });
}

/** An event kind's or a job's readable name, or undefined when the catalogue has none (the page shows the code). */
export function nameOf(names: DeskNames, kind: 'event_kind' | 'job', name: string): string | undefined {
  return names[`bo.audit.n.${kind}.${name}`];
}
