// Field web vitals: each page view's beacon is counted into this instance's Prometheus histograms (by template and
// device) and into hourly bucket counts kept in memory, which go to PostgreSQL in one statement every few seconds
// (web_vitals_hourly), so a report costs the server no database round trip of its own. The back office reads the
// buckets' 75th percentiles over the last day and week; the purge job keeps RETENTION_DAYS of hours.
import { Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { detectDevice } from '../../../lib/device.ts';
import {
  VITALS_BOUNDS,
  VITALS_GOALS,
  VITALS_METRICS,
  type VitalsDevice,
  type VitalsMetric,
  type VitalsReport,
  type VitalsTemplate,
} from '../../../shared/schemas/vitals.ts';
import type { VitalsRowView, VitalsSummaryView } from '../../../shared/schemas/backoffice/vitals.ts';
import { bucketOf, quantileOf } from './buckets.ts';
import { addCounts, countsSince, deleteBefore, type BucketCount } from './repository.ts';

/** How long the hourly buckets are kept: the week the back office shows, with room for a month's comparison. */
export const RETENTION_DAYS = 35;
/** How often the counts in memory are written. */
const FLUSH_INTERVAL_MS = 5_000;
/**
 * The most distinct bucket rows held in memory between flushes (hours x templates x devices x languages x metrics x
 * buckets is far less in any one flush); while the database is away, counts beyond it are dropped, not queued.
 */
const MAX_PENDING_ROWS = 20_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * User agents that are not a person's browser: crawlers, link previews, lab tools (Lighthouse, PageSpeed) and
 * headless or scripted clients. Their figures say nothing of what players feel, so they are not counted.
 */
const BOT_UA_RE =
  /\bbot\b|[a-z]bot[/\-;)]|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|lighthouse|pagespeed|gtmetrix|headlesschrome|phantomjs|puppeteer|playwright|python|curl|wget|httpclient|okhttp|go-http|java\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_UA_RE.test(userAgent.slice(0, 512));
}

/** What Prometheus calls each metric, in seconds for the times (its base unit); CLS has no unit. */
const PROM_NAMES: Record<VitalsMetric, { name: string; scale: number; help: string }> = {
  LCP: { name: 'web_vitals_lcp_seconds', scale: 1000, help: 'Largest Contentful Paint of page views, by page template and device class' },
  INP: { name: 'web_vitals_inp_seconds', scale: 1000, help: 'Interaction to Next Paint of page views, by page template and device class' },
  CLS: { name: 'web_vitals_cls', scale: 1, help: 'Cumulative Layout Shift of page views, by page template and device class' },
  TTFB: { name: 'web_vitals_ttfb_seconds', scale: 1000, help: 'Time to First Byte of page views, by page template and device class' },
  FCP: { name: 'web_vitals_fcp_seconds', scale: 1000, help: 'First Contentful Paint of page views, by page template and device class' },
};

type Outcome = 'counted' | 'bot' | 'prerender';

interface Observer {
  observe(value: number): void;
}

export class VitalsService {
  private readonly db: Db;
  private readonly histograms: Record<VitalsMetric, Histogram>;
  /** The labelled children, kept so a report does not look its labels up again. */
  private readonly children = new Map<string, Observer>();
  private pending = new Map<string, BucketCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly log: (err: unknown, what: string) => void;

  constructor(opts: { db: Db; registry: Registry; log: (err: unknown, what: string) => void }) {
    this.db = opts.db;
    this.log = opts.log;
    this.histograms = Object.fromEntries(
      VITALS_METRICS.map((m) => {
        const p = PROM_NAMES[m];
        const buckets = VITALS_BOUNDS[m].map((b) => b / p.scale);
        return [m, new Histogram({ name: p.name, help: p.help, labelNames: ['template', 'device'], buckets, registers: [opts.registry] })];
      }),
    ) as Record<VitalsMetric, Histogram>;
  }

  /** Counts one page view's report, unless it comes from a bot or a prerendered page. */
  record(report: VitalsReport, userAgent: string | undefined, now = Date.now()): Outcome {
    if (isBot(userAgent)) return 'bot';
    if (report.n === 'prerender') return 'prerender';
    const device: VitalsDevice = detectDevice(userAgent).device === 'pc' ? 'desktop' : 'mobile';
    const hour = now - (now % HOUR_MS);
    for (const { n: metric, v: value } of report.m) {
      this.child(metric, report.t, device).observe(value / PROM_NAMES[metric].scale);
      const bucket = bucketOf(metric, value);
      const key = `${hour}|${report.t}|${device}|${report.l}|${metric}|${bucket}`;
      const row = this.pending.get(key);
      if (row) row.reports += 1;
      else if (this.pending.size < MAX_PENDING_ROWS)
        this.pending.set(key, { hour: new Date(hour), template: report.t, device, lang: report.l, metric, bucket, reports: 1 });
    }
    return 'counted';
  }

  private child(metric: VitalsMetric, template: VitalsTemplate, device: VitalsDevice): Observer {
    const key = `${metric}|${template}|${device}`;
    let child = this.children.get(key);
    if (!child) this.children.set(key, (child = this.histograms[metric].labels(template, device)));
    return child;
  }

  /** Writes the counts held in memory; a failed write puts them back for the next flush (within MAX_PENDING_ROWS). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = addCounts(this.db, [...batch.values()])
      .catch((err: unknown) => {
        this.log(err, 'writing the web vitals counts');
        for (const [key, row] of batch) {
          const now = this.pending.get(key);
          if (now) now.reports += row.reports;
          else if (this.pending.size < MAX_PENDING_ROWS) this.pending.set(key, row);
        }
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }

  /** Drops the hours past the retention period (the purge-web-vitals job). */
  async purge(now = new Date()): Promise<void> {
    await deleteBefore(this.db, new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
  }

  /** Each template, device and metric's 75th percentile over the last 24 hours and the last 7 days. */
  async summary(now = new Date()): Promise<VitalsSummaryView> {
    await this.flush();
    const [day, week] = await Promise.all([this.window(new Date(now.getTime() - DAY_MS)), this.window(new Date(now.getTime() - 7 * DAY_MS))]);
    return { day, week, goals: { ...VITALS_GOALS }, retentionDays: RETENTION_DAYS };
  }

  private async window(since: Date): Promise<VitalsRowView[]> {
    const groups = new Map<string, { template: string; device: string; metric: VitalsMetric; counts: Map<number, number> }>();
    // The hour that holds `since` counts whole: the buckets are hourly.
    for (const r of await countsSince(this.db, new Date(since.getTime() - (since.getTime() % HOUR_MS)))) {
      const key = `${r.template}|${r.device}|${r.metric}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { template: r.template, device: r.device, metric: r.metric as VitalsMetric, counts: new Map() }));
      g.counts.set(r.bucket, r.reports);
    }
    const rows: VitalsRowView[] = [];
    for (const g of groups.values()) {
      const p75 = quantileOf(g.metric, g.counts, 0.75);
      if (p75 === null) continue;
      const reports = [...g.counts.values()].reduce((a, b) => a + b, 0);
      rows.push({ template: g.template, device: g.device, metric: g.metric, reports, p75: Math.round(p75 * 10000) / 10000 } as VitalsRowView);
    }
    return rows.sort((a, b) => `${a.template}|${a.device}|${a.metric}`.localeCompare(`${b.template}|${b.device}|${b.metric}`));
  }
}
