// The list of a player's record page, desktop and mobile: the loading, error (with a retry) and empty states, a
// table on desktop (or cards, for lists without columns), cards on mobile, an optional totals row, and the pager.
// Each island describes its columns and its card; the states and the pager look the same on every record page.
import type { ReactNode } from 'react';
import { fill } from '../../shared/text.ts';
import type { PagedRecords } from './usePagedRecords.ts';
import type { PagedAnswer } from './paging.ts';

export type RecordVariant = 'desktop' | 'mobile';

/** One column of a record list, the player side's and the back office's (BoTable) alike. */
export interface RecordColumn<Row, K extends string> {
  key: string;
  /** The catalogue key of the column's header. */
  header: K;
  /** The header's content when it is not the catalogue text alone (a literal such as ID, a select-all box). */
  headerCell?: ReactNode;
  /** Classes of the header cell beyond the table's own. */
  headerClassName?: string;
  /** Whether the column is shown at all (a column of actions the staff member may not take). */
  hidden?: boolean;
  align?: 'left' | 'right';
  /** Classes of the cell beyond its padding and alignment: fixed, or chosen per row (a status colour). */
  className?: string | ((row: Row) => string);
  testId?: string;
  title?: (row: Row) => string;
  cell: (row: Row) => ReactNode;
  /** This column's cell in the totals row; columns before the first total share the totals label. */
  total?: { value: ReactNode; className?: string; testId?: string };
}

/** The catalogue keys of the texts the table shows itself; each island passes its own (bets.*, records.*, ...). */
export interface RecordTableTexts<K extends string> {
  loading: K;
  empty: K;
  prev: K;
  next: K;
  /** 'Page {page} of {pages}' */
  page: K;
  /** '{n} rows' beside the pager. */
  total: K;
  retry: K;
}

type Paging<Row> = Pick<PagedRecords<PagedAnswer<Row>, unknown>, 'total' | 'page' | 'pages' | 'loading' | 'error' | 'setPage' | 'reload'> & {
  rows: Row[] | null;
};

export interface RecordTableProps<Row, K extends string> {
  t: Record<K, string>;
  texts: RecordTableTexts<K>;
  paging: Paging<Row>;
  variant: RecordVariant;
  rowKey: (row: Row) => string | number;
  /** The desktop table's columns; without them the list shows its cards on desktop too. */
  columns?: Array<RecordColumn<Row, K>>;
  /** A row as a card (mobile, or desktop without columns). */
  card: (row: Row) => ReactNode;
  /** Layout classes of a card beyond its box (e.g. a single flex line). */
  cardClassName?: string;
  /** Cards drawn on a white panel need an outline: a shadow alone does not show on white. */
  outlinedCards?: boolean;
  rowTestId?: string;
  /** Extra attributes of a row or card, e.g. data-kind for tests and styles. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** The totals row under the desktop table: its label and test id; the values come from the columns. */
  totals?: { label: ReactNode; testId: string };
  /** Shown above the mobile cards, e.g. the totals of the whole query. */
  summary?: ReactNode;
  /** Shown under the empty text, e.g. a link to where records come from. */
  emptyExtra?: ReactNode;
  /** Narrower cell padding for tables with many columns. */
  compact?: boolean;
}

export function RecordTable<Row, K extends string>(props: RecordTableProps<Row, K>) {
  const { t, texts, paging, variant } = props;
  const { rows, total, page, pages, loading, error } = paging;
  const cardsOnly = variant === 'mobile' || !props.columns?.length;
  return (
    <>
      {error ? (
        <RecordError message={error} retry={paging.reload} retryLabel={t[texts.retry]} />
      ) : rows === null || (loading && !rows.length) ? (
        <p className="py-6 text-center text-sm text-slate-500" aria-busy="true" data-testid="records-loading">
          {t[texts.loading]}
        </p>
      ) : !rows.length ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="records-empty">
          <p>{t[texts.empty]}</p>
          {props.emptyExtra}
        </div>
      ) : cardsOnly ? (
        <>
          {variant === 'mobile' && props.summary}
          <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
            {rows.map((r) => (
              <li
                key={props.rowKey(r)}
                data-testid={props.rowTestId ?? 'record-row'}
                {...props.rowData?.(r)}
                className={`rounded-lg bg-white p-3 text-sm ${variant === 'mobile' && !props.outlinedCards ? 'shadow-sm' : 'border border-slate-200'} ${props.cardClassName ?? ''}`}
              >
                {props.card(r)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <DesktopTable {...props} columns={props.columns!} rows={rows} />
      )}

      {rows !== null && total > 0 && (
        <nav className="flex items-center justify-between text-sm" aria-label={fill(t[texts.page], { page, pages })}>
          <span className="text-slate-500" data-testid="records-total">
            {fill(t[texts.total], { n: total })}
          </span>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="btn-secondary h-8 px-3 disabled:opacity-50"
              disabled={page <= 1 || loading}
              onClick={() => paging.setPage(page - 1)}
              data-testid="records-prev"
            >
              {t[texts.prev]}
            </button>
            <span data-testid="records-page">{fill(t[texts.page], { page, pages })}</span>
            <button
              type="button"
              className="btn-secondary h-8 px-3 disabled:opacity-50"
              disabled={page >= pages || loading}
              onClick={() => paging.setPage(page + 1)}
              data-testid="records-next"
            >
              {t[texts.next]}
            </button>
          </div>
        </nav>
      )}
    </>
  );
}

function DesktopTable<Row, K extends string>(props: RecordTableProps<Row, K> & { columns: Array<RecordColumn<Row, K>>; rows: Row[] }) {
  const { t, rows, totals } = props;
  const columns = props.columns.filter((c) => !c.hidden);
  const loading = props.paging.loading;
  const pad = props.compact ? 'px-2 py-2' : 'px-3 py-2';
  const alignOf = (c: RecordColumn<Row, K>) => (c.align === 'right' ? 'text-right' : '');
  const firstTotal = columns.findIndex((c) => c.total);
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-sm ${loading ? 'opacity-60' : ''}`} data-testid="records-list" aria-busy={loading}>
        <thead>
          <tr className="bg-slate-50 text-left text-slate-600">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${pad} font-medium ${alignOf(c)}${c.headerClassName ? ` ${c.headerClassName}` : ''}`}>
                {c.headerCell ?? t[c.header]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={props.rowKey(r)} data-testid={props.rowTestId ?? 'record-row'} {...props.rowData?.(r)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={`${pad} ${alignOf(c)} ${typeof c.className === 'function' ? c.className(r) : (c.className ?? '')}`}
                  data-testid={c.testId}
                  title={c.title?.(r)}
                >
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals && firstTotal > 0 && (
          <tfoot>
            <tr className="border-t-2 border-slate-200 bg-slate-50 font-semibold" data-testid={totals.testId}>
              <th scope="row" colSpan={firstTotal} className={`${pad} text-left`}>
                {totals.label}
              </th>
              {columns.slice(firstTotal).map((c) => (
                <td key={c.key} className={`${pad} tabular-nums ${alignOf(c)} ${c.total?.className ?? ''}`} data-testid={c.total?.testId}>
                  {c.total?.value}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A failed call: the translated reason and a button that asks again. */
export function RecordError({ message, retry, retryLabel }: { message: string; retry: () => void; retryLabel: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
      data-testid="records-error"
    >
      <span>{message}</span>
      <button type="button" className="btn-secondary h-8 px-3 text-sm" onClick={retry} data-testid="records-retry">
        {retryLabel}
      </button>
    </div>
  );
}
