// ListState is the one place every back-office list says "loading", "failed" or "nothing here": these checks
// pin its order (a failure first, then loading, then empty, then the rows), its roles and its words.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ListState, COMMON_KEYS, type CommonT, type ListStateProps } from './common.tsx';
import { BoFailure } from './api.ts';
import { boPick } from '../../../i18n/backoffice.ts';

const t: CommonT = boPick('en', COMMON_KEYS);
const tZh: CommonT = boPick('zh-TW', COMMON_KEYS);
const rows = createElement('table', { 'data-testid': 'rows' });

function render(props: Partial<ListStateProps>, texts: CommonT = t): string {
  return renderToStaticMarkup(createElement(ListState, { t: texts, loading: false, error: null, ...props }, rows));
}

describe('ListState', () => {
  it('shows the rows when loaded and not empty', () => {
    const html = render({});
    expect(html).toContain('data-testid="rows"');
    expect(html).not.toContain('role=');
  });

  it('shows a spinner with role=status while loading, and no rows', () => {
    const html = render({ loading: true });
    expect(html).toContain('role="status"');
    expect(html).toContain('data-testid="bo-loading"');
    expect(html).toContain(t['bo.loading']);
    expect(html).not.toContain('data-testid="rows"');
  });

  it("says the list is empty with role=status, in the common words or the caller's", () => {
    expect(render({ empty: true })).toContain(`role="status" data-testid="bo-empty">${t['bo.empty']}<`);
    expect(render({ empty: true, emptyText: 'No sessions' })).toContain('>No sessions<');
    expect(render({ empty: true })).not.toContain('data-testid="rows"');
  });

  it("puts a failure before loading and empty, as an alert with the server's message and a retry button", () => {
    const failure = new BoFailure(500, { status: 'error', code: 'internal', message: 'Boom', error: { modal: ['Database is down'] } }, 'Boom');
    const html = render({ loading: true, empty: true, error: failure, retry: () => undefined });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Database is down');
    expect(html).toContain(`data-testid="bo-retry">${t['bo.retry']}<`);
    expect(html).not.toContain('bo-loading');
    expect(html).not.toContain('bo-empty');
    expect(html).not.toContain('data-testid="rows"');
  });

  it('shows a message already in words as it is, the network text for anything else, and no retry without one', () => {
    expect(render({ error: 'Already translated' })).toContain('>Already translated<');
    const html = render({ error: new Error('socket hang up') });
    expect(html).toContain(t['bo.error.network']);
    expect(html).not.toContain('bo-retry');
  });

  it("speaks the page's language", () => {
    expect(tZh['bo.retry']).not.toBe(t['bo.retry']);
    expect(render({ error: 'x', retry: () => undefined }, tZh)).toContain(`>${tZh['bo.retry']}<`);
    expect(render({ loading: true }, tZh)).toContain(tZh['bo.loading']);
  });
});
