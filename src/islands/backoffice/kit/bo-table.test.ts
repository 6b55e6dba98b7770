// BoTable is the back office's one table: these checks pin what every list relies on: the headers come from the
// catalogue (or a header cell), hidden columns are left out, the rows go through ListState's ladder, and the
// pager shows only when there is more than one page.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BoTable, type BoColumn, type BoTableProps } from './BoTable.tsx';
import { COMMON_KEYS, type CommonT } from './common.tsx';
import { boPick } from '../../../i18n/backoffice.ts';

interface Row {
  id: number;
  name: string;
}
type K = 'bo.time' | 'bo.actions';
const t: CommonT = boPick('en', COMMON_KEYS);
const columns: Array<BoColumn<Row, K>> = [
  { key: 'id', header: 'bo.time', headerCell: '#', cell: (r) => r.id },
  { key: 'name', header: 'bo.time', align: 'right', className: 'font-mono', cell: (r) => r.name, testId: 'name' },
  { key: 'actions', header: 'bo.actions', hidden: true, cell: () => 'hidden cell' },
];
const rows: Row[] = [
  { id: 1, name: 'one' },
  { id: 2, name: 'two' },
];
const noop = () => undefined;

function render(props: Partial<BoTableProps<Row, K>>): string {
  return renderToStaticMarkup(createElement(BoTable<Row, K>, { t, columns, rowKey: (r: Row) => r.id, ...props }));
}

function page(total: number, data: Row[] = rows) {
  return { data: { data, total }, page: 1, pageSize: 2, go: noop, state: { loading: false, error: null, empty: data.length === 0, retry: noop } };
}

describe('BoTable', () => {
  it("draws a header per shown column and a cell per row, with the column's classes", () => {
    const html = render({ rows, testId: 'bo-things', rowTestId: 'thing', rowData: (r) => ({ 'data-id': r.id }) });
    expect(html).toContain('data-testid="bo-things"');
    expect(html).toContain('>#</th>');
    expect(html).toContain(`>${t['bo.time']}</th>`);
    expect(html).not.toContain(t['bo.actions']);
    expect(html).not.toContain('hidden cell');
    expect(html.match(/data-testid="thing"/g)).toHaveLength(2);
    expect(html).toContain('data-id="2"');
    expect(html).toMatch(/<td class="[^"]*text-right font-mono" data-testid="name">one<\/td>/);
  });

  it('shows loading until rows arrive, and the failure before anything else', () => {
    expect(render({ rows: null })).toContain('data-testid="bo-loading"');
    const failed = render({ rows, state: { loading: false, error: 'Broken', retry: noop } });
    expect(failed).toContain('role="alert"');
    expect(failed).not.toContain('<table');
  });

  it('says an empty page is empty, and pages only when there is more than one page', () => {
    expect(render({ list: page(0, []) })).toContain('data-testid="bo-empty"');
    expect(render({ list: page(2) })).not.toContain('aria-label="pagination"');
    expect(render({ list: page(3) })).toContain('aria-label="pagination"');
  });
});
