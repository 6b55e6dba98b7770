// The date-range search of the record pages (SPEC.md section 9): quick ranges (today, yesterday, last 7 and last
// 30 days), two date fields within the last 30 Asia/Taipei days, and a search button; an island adds its own
// filters (platform, wallet) as children.
import { useState, type ReactNode } from 'react';
import { QUICK_RANGES, type QuickRange, RECORD_DAYS, taipeiDay } from '../kit/dates.ts';
import { isRangeValid } from './paging.ts';
import type { RecordVariant } from './RecordTable.tsx';

export interface DayRange {
  start: string;
  end: string;
}

/** The days a quick range covers, as of today in Asia/Taipei. */
export function quickRange(key: QuickRange): DayRange {
  const [, from, to] = QUICK_RANGES.find(([k]) => k === key)!;
  return { start: taipeiDay(from), end: taipeiDay(to) };
}

export interface DateRange extends DayRange {
  quick: QuickRange | null;
  min: string;
  max: string;
  valid: boolean;
  /** Chooses a quick range and answers its days (the islands search at once). */
  pickQuick: (key: QuickRange) => DayRange;
  setStart: (day: string) => void;
  setEnd: (day: string) => void;
}

/** The form's range, starting on the island's default quick range; editing a date leaves the quick ranges. */
export function useDateRange(initial: QuickRange): DateRange {
  const [quick, setQuick] = useState<QuickRange | null>(initial);
  const [range, setRange] = useState(() => quickRange(initial));
  const min = taipeiDay(RECORD_DAYS - 1);
  const max = taipeiDay(0);
  return {
    ...range,
    quick,
    min,
    max,
    valid: isRangeValid({ ...range, min, max }),
    pickQuick: (key) => {
      const next = quickRange(key);
      setQuick(key);
      setRange(next);
      return next;
    },
    setStart: (start) => {
      setRange((r) => ({ ...r, start }));
      setQuick(null);
    },
    setEnd: (end) => {
      setRange((r) => ({ ...r, end }));
      setQuick(null);
    },
  };
}

interface DateRangeLabels {
  quick: string;
  ranges: Record<QuickRange, string>;
  start: string;
  end: string;
  search: string;
  /** Under the form while the range is valid (what can be searched). */
  note: string;
  invalid: string;
}

export function DateRangeForm(props: {
  range: DateRange;
  labels: DateRangeLabels;
  variant: RecordVariant;
  busy: boolean;
  onSearch: (range: DayRange) => void;
  /**
   * 'grid' lays the fields out in columns (desktopGrid names them, e.g. 'grid-cols-[1fr_1fr_auto]') and two to a
   * row on mobile; 'flow' lets them wrap, with the quick ranges four to a row on mobile.
   */
  layout: 'grid' | 'flow';
  desktopGrid?: string;
  /** The date fields' names, as the page's call names its parameters. */
  names?: { start: string; end: string };
  children?: ReactNode;
}) {
  const { range, labels, layout } = props;
  const mobile = props.variant === 'mobile';
  const grid = layout === 'grid';
  const names = props.names ?? { start: 'date_start', end: 'date_end' };
  const full = grid ? 'col-span-full' : 'w-full';
  const formClass = grid
    ? `grid gap-3 rounded-lg bg-white ${mobile ? 'grid-cols-2 p-3 shadow-sm' : `${props.desktopGrid ?? 'grid-cols-[1fr_1fr_auto]'} items-end border border-slate-200 p-4`}`
    : `flex flex-wrap items-end gap-3 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`;
  const quickClass = grid ? 'col-span-full flex flex-wrap gap-2' : `w-full gap-2 ${mobile ? 'grid grid-cols-4' : 'flex flex-wrap'}`;
  const quickSize = !grid && mobile ? 'px-1 text-xs' : 'px-3 text-sm';
  const fieldClass = grid || mobile ? 'min-w-0' : '';
  const search = () => {
    if (range.valid) props.onSearch({ start: range.start, end: range.end });
  };
  return (
    <form
      className={formClass}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <div className={quickClass} role="group" aria-label={labels.quick}>
        {QUICK_RANGES.map(([key]) => (
          <button
            key={key}
            type="button"
            aria-pressed={range.quick === key}
            onClick={() => props.onSearch(range.pickQuick(key))}
            data-testid={`range-${key}`}
            className={`rounded-full border py-1 ${quickSize} ${range.quick === key ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
          >
            {labels.ranges[key]}
          </button>
        ))}
      </div>
      {props.children}
      <label className={`${fieldClass} ${!grid && mobile ? 'flex-1' : ''}`}>
        <span className="field-label">{labels.start}</span>
        <input
          type="date"
          name={names.start}
          className="field-input"
          value={range.start}
          min={range.min}
          max={range.max}
          onChange={(e) => range.setStart(e.target.value)}
        />
      </label>
      <label className={`${fieldClass} ${!grid && mobile ? 'flex-1' : ''}`}>
        <span className="field-label">{labels.end}</span>
        <input
          type="date"
          name={names.end}
          className="field-input"
          value={range.end}
          min={range.min}
          max={range.max}
          onChange={(e) => range.setEnd(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className={`btn-primary h-10 disabled:opacity-60 ${mobile ? (grid ? 'col-span-full' : 'w-full') : ''}`}
        disabled={!range.valid || props.busy}
        data-testid="records-search"
      >
        {labels.search}
      </button>
      <p className={`${full} text-xs ${range.valid ? 'text-slate-500' : 'text-red-700'}`} role={range.valid ? undefined : 'alert'}>
        {range.valid ? labels.note : labels.invalid}
      </p>
    </form>
  );
}

type RangeKey<P extends string> = `${P}.quick` | `${P}.range.${QuickRange}` | `${P}.date_start` | `${P}.date_end` | `${P}.search` | `${P}.range_invalid`;

/** The form's labels from a catalogue family: the bet pages use bets.*, the money pages records.*. */
export function rangeLabels<P extends 'bets' | 'records'>(t: Record<RangeKey<P>, string>, prefix: P, note: string): DateRangeLabels {
  const k = <S extends string>(suffix: S) => `${prefix}.${suffix}` as const;
  return {
    quick: t[k('quick')],
    ranges: { today: t[k('range.today')], yesterday: t[k('range.yesterday')], last7: t[k('range.last7')], last30: t[k('range.last30')] },
    start: t[k('date_start')],
    end: t[k('date_end')],
    search: t[k('search')],
    note,
    invalid: t[k('range_invalid')],
  };
}
