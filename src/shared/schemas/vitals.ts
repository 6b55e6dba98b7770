// The field web vitals a page reports (one beacon per page view, POST /api/vitals) and the labels they carry: the
// page's template, the device class and the language, never the player. The histogram bounds are shared by the
// server's Prometheus histograms and the hourly buckets the back office reads, so both answer the same p75.
import * as v from 'valibot';

/** The page templates a report is labelled with (src/lib/vitals-template.ts decides a path's template). */
export const VITALS_TEMPLATES = ['home', 'lobby', 'promotions', 'cashier', 'member', 'info', 'backoffice'] as const;
export type VitalsTemplate = (typeof VITALS_TEMPLATES)[number];

/** The device class, from the report's user agent (lib/device.ts): a phone or tablet is mobile, the rest desktop. */
export const VITALS_DEVICES = ['mobile', 'desktop'] as const;
export type VitalsDevice = (typeof VITALS_DEVICES)[number];

export const VITALS_LANGS = ['zh-TW', 'en'] as const;

/** The metrics web-vitals reports, by the names it gives them. */
export const VITALS_METRICS = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type VitalsMetric = (typeof VITALS_METRICS)[number];

/**
 * Each metric's histogram bounds in its reported unit (milliseconds, CLS unitless). The goals of the alerts and the
 * bench (LCP 2.5 s and 1.8 s, INP 200 ms and 150 ms, CLS 0.1 and 0.05) are bounds, so a p75 read from the buckets
 * crosses a goal exactly where the samples do.
 */
const TIME_BOUNDS_MS = [100, 200, 400, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000, 15000, 20000];
export const VITALS_BOUNDS: Record<VitalsMetric, readonly number[]> = {
  LCP: TIME_BOUNDS_MS,
  FCP: TIME_BOUNDS_MS,
  TTFB: TIME_BOUNDS_MS,
  INP: [16, 32, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 2000, 5000],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2],
};

/** Google's "good" line at the 75th percentile, which the alerts and the back office hold each template to. */
export const VITALS_GOALS: Record<VitalsMetric, number> = { LCP: 2500, INP: 200, CLS: 0.1, TTFB: 800, FCP: 1800 };

/** The largest value kept (ten minutes, or a layout shift score of 100); anything larger is a broken report. */
const MAX_VALUE = 600_000;

/** How navigation reached the page, as web-vitals names it; a prerendered page is not counted. */
export const VITALS_NAVIGATIONS = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'] as const;

/** The beacon's body: the page's labels and each metric reported once. */
export const vitalsReportBody = v.object({
  t: v.picklist(VITALS_TEMPLATES),
  l: v.picklist(VITALS_LANGS),
  n: v.optional(v.picklist(VITALS_NAVIGATIONS)),
  m: v.pipe(
    v.array(v.object({ n: v.picklist(VITALS_METRICS), v: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_VALUE)) })),
    v.minLength(1),
    v.maxLength(VITALS_METRICS.length),
    v.check((list) => new Set(list.map((x) => x.n)).size === list.length, 'v.invalid'),
  ),
});
export type VitalsReport = v.InferOutput<typeof vitalsReportBody>;

/** The beacon's answer: nothing (sendBeacon never reads it). */
export const vitalsReportAnswer = v.null();
