// The back office's one table: the player side's column model (RecordColumn of src/islands/common/RecordTable.tsx)
// drawn in the back office's desktop layout, inside ListState (a failure with its retry, loading, empty) and above
// the pager. An island describes its columns; the states, the header row and the pager look alike on every screen.
import { Fragment, type ReactNode } from 'react';
import type { RecordColumn } from '../../common/RecordTable.tsx';
import { ListState, Pager, cls, type CommonT, type ListStateProps } from './common.tsx';
import type { BoData } from './data.ts';

export type { RecordColumn as BoColumn };

type ListStateOf = Omit<ListStateProps, 't' | 'children'>;

export interface BoTableProps<Row, K extends string> {
  t: CommonT & Record<K, string>;
  columns: Array<RecordColumn<Row, K>>;
  rowKey: (row: Row) => string | number;
  /** A paged list from useBoData: its rows, its state and its pager. */
  list?: Pick<BoData<{ data: Row[]; total: number }>, 'data' | 'state' | 'page' | 'pageSize' | 'go'>;
  /** The rows of a list that does not page (null: not loaded yet), with its state when it loads its own. */
  rows?: Row[] | null;
  state?: ListStateOf;
  testId?: string;
  /** The table's classes beyond the back office's table style. */
  className?: string;
  /** Wraps the table in a box that scrolls sideways, for lists wider than the page. */
  scroll?: boolean;
  rowTestId?: string | ((row: Row) => string);
  rowData?: (row: Row) => Record<`data-${string}`, string | number | undefined>;
  rowClassName?: (row: Row) => string | undefined;
  /** A row that edits in place draws itself, its cells in the columns' order; such columns give the headers only. */
  rowElement?: (row: Row) => ReactNode;
  /** A second row under a row (an expanded detail), or nothing. */
  below?: (row: Row) => ReactNode;
  /** What follows the body inside the table, e.g. a second tbody with the row that adds one. */
  footer?: ReactNode;
  /** The aria-sort of a column's header, for tables sorted by a header (undefined: the column does not sort). */
  ariaSort?: (columnKey: string) => 'ascending' | 'descending' | 'none' | undefined;
}

export function BoTable<Row, K extends string>(props: BoTableProps<Row, K>) {
  const { t, list } = props;
  const rows = list ? (list.data?.data ?? null) : (props.rows ?? null);
  const state: ListStateOf = list ? list.state : (props.state ?? { loading: rows === null, error: null });
  const table = rows && <Table {...props} rows={rows} />;
  return (
    <>
      <ListState t={t} {...state}>
        {props.scroll ? <div className="overflow-x-auto">{table}</div> : table}
      </ListState>
      {list?.data && list.data.total > list.pageSize && <Pager t={t} page={list.page} total={list.data.total} pageSize={list.pageSize} onPage={list.go} />}
    </>
  );
}

function Table<Row, K extends string>(props: BoTableProps<Row, K> & { rows: Row[] }) {
  const { t, rows } = props;
  const columns = props.columns.filter((c) => !c.hidden);
  const align = (c: RecordColumn<Row, K>) => (c.align === 'right' ? ' text-right' : '');
  const extra = (c: RecordColumn<Row, K>, row: Row) => {
    const more = typeof c.className === 'function' ? c.className(row) : c.className;
    return more ? ` ${more}` : '';
  };
  return (
    <table className={props.className ? `${cls.table} ${props.className}` : cls.table} data-testid={props.testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              aria-sort={props.ariaSort?.(c.key)}
              className={`${cls.th}${align(c)}${c.headerClassName ? ` ${c.headerClassName}` : ''}`}
            >
              {c.headerCell ?? t[c.header]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={props.rowKey(row)}>
            {props.rowElement ? (
              props.rowElement(row)
            ) : (
              <tr
                data-testid={typeof props.rowTestId === 'function' ? props.rowTestId(row) : props.rowTestId}
                className={props.rowClassName?.(row)}
                {...props.rowData?.(row)}
              >
                {columns.map((c) => (
                  <td key={c.key} className={`${cls.td}${align(c)}${extra(c, row)}`} data-testid={c.testId} title={c.title?.(row)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            )}
            {props.below?.(row)}
          </Fragment>
        ))}
      </tbody>
      {props.footer}
    </table>
  );
}

/** Header-only columns for rows that draw themselves (rowElement): each column's catalogue key and header classes. */
export function headerColumns<Row, K extends string>(...columns: Array<K | [K, string]>): Array<RecordColumn<Row, K>> {
  return columns.map((c) => {
    const [header, headerClassName] = Array.isArray(c) ? c : [c, undefined];
    return { key: header, header, headerClassName, cell: () => null };
  });
}
