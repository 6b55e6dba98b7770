// The message centre (desktop /member/message-center, mobile /mobile/f-message-center/message-center): three
// tabs (system, personal, platform) with their unread counts, the list with unread marks and paging, and
// "mark all as read". The tab and page travel in the query (?tab=personal&page=2), so back returns to them.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { $messageTotals, $messageVersion, startCounters } from '../../stores/messages.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { api } from '../../stores/api.ts';
import { fill } from '../../shared/text.ts';
import type { Locale } from '../../shared/constants.ts';
import { MESSAGE_KINDS, MESSAGE_PAGE_SIZE_DEFAULT, type MessageKind, type MessageListView, type MessageTotals } from '../../shared/schemas/messages.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';

export const MESSAGE_CENTER_KEYS = [
  'msg.tab.system',
  'msg.tab.personal',
  'msg.tab.platform',
  'msg.unread',
  'msg.read',
  'msg.empty',
  'msg.loading',
  'msg.error',
  'msg.retry',
  'msg.mark_all',
  'msg.prev',
  'msg.next',
  'msg.page',
  'msg.login',
  'msg.login_button',
  'msg.col.title',
  'msg.col.time',
  'msg.unread_count',
  'error.network',
] as const;
type T = Record<(typeof MESSAGE_CENTER_KEYS)[number], string>;

/** The list route of each kind (SPEC.md section 7 names the system list 'player'). */
const LIST_ROUTE = {
  system: 'GET /messages/player/list',
  personal: 'GET /messages/personal/list',
  platform: 'GET /messages/platform/list',
} as const satisfies Record<MessageKind, string>;
const COUNTER: Record<MessageKind, keyof MessageTotals> = { system: 'userMessageCount', personal: 'personalMessageCount', platform: 'platformMessageCount' };

function readQuery(): { tab: MessageKind; page: number } {
  const q = new URLSearchParams(window.location.search);
  const tab = q.get('tab');
  const page = Number(q.get('page'));
  return {
    tab: (MESSAGE_KINDS as readonly string[]).includes(tab ?? '') ? (tab as MessageKind) : 'system',
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

export default function MessageCenter({ t, locale, variant, detailPath }: { t: T; locale: Locale; variant: Variant; detailPath: string }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const totals = useStore($messageTotals, { ssr: 'initial' });
  const version = useStore($messageVersion);
  const [where, setWhere] = useState<{ tab: MessageKind; page: number } | null>(null);
  const [answer, setAnswer] = useState<MessageListView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signedIn = !!user;

  useEffect(() => {
    setWhere(readQuery());
    const onPop = () => setWhere(readQuery());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    if (signedIn) startCounters();
  }, [signedIn]);

  const load = async (w: { tab: MessageKind; page: number }, quiet = false) => {
    if (!quiet) setAnswer(null);
    setError('');
    try {
      const res = await api(LIST_ROUTE[w.tab], { query: { page: w.page, pageSize: MESSAGE_PAGE_SIZE_DEFAULT } });
      setAnswer(res);
      $messageTotals.set(res.totals);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t['msg.error']);
    }
  };
  useEffect(() => {
    if (signedIn && where) void load(where);
  }, [signedIn, where?.tab, where?.page]);
  // A new message or a read elsewhere (another tab, the detail page) refreshes the list in place.
  useEffect(() => {
    if (signedIn && where && version > 0) void load(where, true);
  }, [version]);

  const go = (next: { tab: MessageKind; page: number }) => {
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next.tab);
    url.searchParams.set('page', String(next.page));
    window.history.pushState(null, '', url);
    setWhere(next);
  };
  const markAll = async () => {
    if (!where || busy) return;
    setBusy(true);
    try {
      const res = await api('POST /messages/read', { body: { kind: where.tab } });
      $messageTotals.set(res.totals);
      await load(where, true);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t['msg.error']);
    } finally {
      setBusy(false);
    }
  };

  if (!ready && !user)
    return (
      <p className="py-6 text-center text-sm text-slate-500" aria-busy="true">
        {t['msg.loading']}
      </p>
    );
  if (!user) {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="messages-login">
        <p className="text-slate-600">{t['msg.login']}</p>
        {variant === 'mobile' && (
          <button type="button" className="btn-primary mt-4 w-full" onClick={() => $loginDialog.set(true)}>
            {t['msg.login_button']}
          </button>
        )}
      </div>
    );
  }
  const tab = where?.tab ?? 'system';
  const pages = answer?.total ? Math.max(1, Math.ceil(answer.total / MESSAGE_PAGE_SIZE_DEFAULT)) : 1;
  const unreadHere = totals ? totals[COUNTER[tab]] : 0;
  return (
    <div className={variant === 'desktop' ? 'rounded-lg bg-white p-4 shadow-sm' : ''} data-testid="message-center">
      <div role="tablist" className={`flex ${variant === 'mobile' ? 'sticky top-12 z-10 bg-slate-100' : ''} border-b border-slate-200`}>
        {MESSAGE_KINDS.map((kind) => {
          const n = totals ? totals[COUNTER[kind]] : 0;
          return (
            <button
              key={kind}
              type="button"
              role="tab"
              aria-selected={tab === kind}
              data-tab={kind}
              onClick={() => go({ tab: kind, page: 1 })}
              className={`relative flex-1 px-3 py-2.5 text-sm ${tab === kind ? 'border-b-2 border-brand-700 font-semibold text-brand-800' : 'text-slate-600'}`}
            >
              {t[`msg.tab.${kind}`]}
              {n > 0 && (
                <span
                  className="ml-1 rounded-full bg-red-600 px-1.5 text-[11px] text-white"
                  aria-label={fill(t['msg.unread_count'], { count: n })}
                  data-testid={`tab-unread-${kind}`}
                >
                  {n > 99 ? '99+' : n}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="flex items-center justify-end py-2">
        <button
          type="button"
          className="text-sm text-brand-700 hover:underline disabled:opacity-50"
          disabled={busy || unreadHere === 0}
          onClick={() => void markAll()}
          data-testid="mark-all"
        >
          {t['msg.mark_all']}
        </button>
      </div>
      {error ? (
        <div className="py-6 text-center" role="alert">
          <p className="text-sm text-red-700">{error}</p>
          <button type="button" className="btn-secondary mt-3 px-4" onClick={() => where && void load(where)}>
            {t['msg.retry']}
          </button>
        </div>
      ) : !answer ? (
        <p className="py-6 text-center text-sm text-slate-500" aria-busy="true">
          {t['msg.loading']}
        </p>
      ) : !answer.data?.length ? (
        <p className="py-10 text-center text-sm text-slate-500" data-testid="messages-empty">
          {t['msg.empty']}
        </p>
      ) : (
        <ul className={`divide-y divide-slate-100 ${variant === 'mobile' ? 'rounded-lg bg-white shadow-sm' : ''}`} data-testid="message-list">
          {answer.data.map((m) => (
            <li key={m.id} data-id={m.id} data-read={m.read}>
              <a href={`${detailPath}?id=${m.id}&tab=${tab}&page=${where?.page ?? 1}`} className="flex items-start gap-3 px-3 py-3 hover:bg-slate-50">
                <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${m.read ? 'bg-transparent' : 'bg-red-600'}`} aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className={`truncate ${m.read ? 'text-slate-600' : 'font-semibold text-slate-900'}`}>
                      {m.platform_code && <span className="mr-1 rounded bg-slate-100 px-1 text-xs text-slate-500">{m.platform_code}</span>}
                      {m.title}
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">{taipeiDateTime(m.created_at).slice(0, 16)}</span>
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-slate-500">{m.summary}</span>
                </span>
                <span className={`shrink-0 text-xs ${m.read ? 'text-slate-500' : 'text-red-600'}`}>{m.read ? t['msg.read'] : t['msg.unread']}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {answer && pages > 1 && where && (
        <nav className="mt-3 flex items-center justify-center gap-3 text-sm" aria-label={fill(t['msg.page'], { page: where.page, pages })}>
          <button type="button" className="btn-secondary px-3 disabled:opacity-50" disabled={where.page <= 1} onClick={() => go({ tab, page: where.page - 1 })}>
            {t['msg.prev']}
          </button>
          <span data-testid="message-page">{fill(t['msg.page'], { page: where.page, pages })}</span>
          <button
            type="button"
            className="btn-secondary px-3 disabled:opacity-50"
            disabled={where.page >= pages}
            onClick={() => go({ tab, page: where.page + 1 })}
          >
            {t['msg.next']}
          </button>
        </nav>
      )}
    </div>
  );
}
