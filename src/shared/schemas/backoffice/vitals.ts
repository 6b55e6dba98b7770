// The back office's field web vitals (system area, /backoffice/vitals): per template and device, each metric's 75th
// percentile and report count over the last day and the last week, with the goals they are held to.
import * as v from 'valibot';
import { VITALS_DEVICES, VITALS_METRICS, VITALS_TEMPLATES } from '../vitals.ts';

export const vitalsRowView = v.object({
  template: v.picklist(VITALS_TEMPLATES),
  device: v.picklist(VITALS_DEVICES),
  metric: v.picklist(VITALS_METRICS),
  /** Page views that reported the metric in the window. */
  reports: v.number(),
  /** In the metric's unit: milliseconds, or the layout shift score for CLS. */
  p75: v.number(),
});

export const vitalsSummaryView = v.object({
  day: v.array(vitalsRowView),
  week: v.array(vitalsRowView),
  goals: v.object({ LCP: v.number(), INP: v.number(), CLS: v.number(), TTFB: v.number(), FCP: v.number() }),
  /** How many days of hours are kept before the purge drops them. */
  retentionDays: v.number(),
});

export type VitalsRowView = v.InferOutput<typeof vitalsRowView>;
export type VitalsSummaryView = v.InferOutput<typeof vitalsSummaryView>;
