// The reports' charts on uPlot (a small canvas chart library, loaded only by the report pages' islands): lines for
// daily figures, bars for breakdowns. The figures drawn are also on the element as data, so a test (and a screen
// reader's table below it) can hold the picture to the numbers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { WHOLE_Y_STEPS, allWhole, yRange } from './chart-scales.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

interface Props {
  kind: 'line' | 'bars';
  /** The x axis' labels (days, or a breakdown's rows), one per value. */
  labels: string[];
  /** What the x axis is (the day column's heading): the legend names it, in the page's language. */
  xLabel: string;
  series: ChartSeries[];
  title: string;
  emptyText: string;
  testId: string;
  height?: number;
}

const WIDTH_FALLBACK = 900;
/** The steps the x axis may label in: whole rows only, since a label between two rows (or days) names neither. */
const WHOLE_STEPS = [1, 2, 3, 4, 5, 7, 10, 14, 15, 20, 25, 30, 50, 100, 200, 500, 1000];

function options(p: Props, width: number): uPlot.Options {
  // Two series of bars stand side by side (the first left of its label, the second right), so neither hides the other;
  // one series is centred.
  const pair = p.series.length === 2;
  const whole = allWhole(p.series.map((s) => s.values));
  const bars = (i: number) =>
    p.kind !== 'bars' ? undefined : pair ? uPlot.paths.bars!({ size: [0.3, 24], align: i === 0 ? -1 : 1 }) : uPlot.paths.bars!({ size: [0.6, 48] });
  return {
    width,
    height: p.height ?? 260,
    // The legend names the series only: a live legend shows a value per series only while the cursor is over a day, and
    // "Deposits:" with nothing after it the rest of the time; the figures are in the table below the chart.
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // Half a row of room either side, so the first and last bars are whole and a single day or row is not a degenerate range.
      x: { time: false, range: () => (p.kind === 'bars' || p.labels.length < 2 ? [-0.5, p.labels.length - 0.5] : [0, p.labels.length - 1]) },
      // Amounts are measured from zero: a bar that starts anywhere else misstates its size.
      y: { range: (_u, min, max) => yRange(min, max, whole) },
    },
    axes: [
      { values: (_u, ticks) => ticks.map((i) => p.labels[Math.round(i)] ?? ''), incrs: WHOLE_STEPS, space: 70, grid: { show: false } },
      { values: (_u, ticks) => ticks.map((v) => v.toLocaleString('en-US')), size: 70, ...(whole ? { incrs: WHOLE_Y_STEPS } : {}) },
    ],
    series: [
      { label: p.xLabel, value: (_u, i) => (i === null ? '' : (p.labels[Math.round(i)] ?? '')) },
      ...p.series.map((s, i): uPlot.Series => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        fill: p.kind === 'bars' ? `${s.color}cc` : undefined,
        paths: bars(i),
        points: { show: p.kind === 'line' && p.labels.length < 40 },
        value: (_u, v) => (v === null ? '' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
      })),
    ],
  };
}

export function ReportChart(p: Props) {
  const box = useRef<HTMLDivElement>(null);
  const empty = p.labels.length === 0;
  useEffect(() => {
    const el = box.current;
    if (!el || empty) return;
    const data: uPlot.AlignedData = [p.labels.map((_, i) => i), ...p.series.map((s) => s.values)];
    const plot = new uPlot(options(p, el.clientWidth || WIDTH_FALLBACK), data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth || WIDTH_FALLBACK, height: p.height ?? 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [JSON.stringify(p.labels), JSON.stringify(p.series), p.kind]);
  return (
    <figure
      className="m-0"
      data-testid={p.testId}
      data-labels={JSON.stringify(p.labels)}
      data-series={JSON.stringify(p.series.map((s) => ({ label: s.label, values: s.values })))}
    >
      <figcaption className="mb-2 text-sm font-semibold text-slate-700">{p.title}</figcaption>
      {empty ? <p className="py-10 text-center text-sm text-slate-500">{p.emptyText}</p> : <div ref={box} className="w-full" role="img" aria-label={p.title} />}
    </figure>
  );
}
