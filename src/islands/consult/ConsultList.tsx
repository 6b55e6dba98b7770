// My feedback (desktop /member/feedback-list, mobile /mobile/f-mine/feedback-list): the player's consultations
// in two tabs, consulting and ended, with a mark for unseen staff replies; pages of 10; live on
// update-consultation.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import type { ConsultationListView, ConsultationState } from '../../shared/schemas/consultations.ts';
import { failureText } from '../../stores/wallet.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { StateBadge } from './common.tsx';

export const CONSULT_LIST_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'wallet.loading',
  'error.generic',
  'error.network',
  'records.prev',
  'records.next',
  'records.page',
  'records.total',
  'consult.ui.state.consulting',
  'consult.ui.state.ended',
  'consult.ui.unread',
  'consult.ui.empty',
  'consult.ui.new',
  'consult.ui.last_at',
  'consult.ui.image_count',
  'consult.ui.source.chat',
] as const;
type T = Record<(typeof CONSULT_LIST_KEYS)[number], string>;

const PAGE_SIZE = 10;

export default function ConsultList({
  t,
  locale,
  variant,
  newPath,
  detailPath,
}: {
  t: T;
  locale: Locale;
  variant: Variant;
  newPath: string;
  detailPath: string;
}) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [state, setState] = useState<ConsultationState>('consulting');
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const [res, setRes] = useState<ConsultationListView | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const signedIn = !!user;

  useEffect(() => onRealtime('update-consultation', () => setTick((n) => n + 1)), []);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setLoading(true);
    setError('');
    api('GET /messages/player/consultation', { query: { page, pageSize: PAGE_SIZE, state } })
      // With a page asked the answer is the list; the bare count is the header badge's answer of the same route.
      .then((r) => {
        if (live) setRes('data' in r ? r : { data: [], total: 0, PlayerConsultationCount: r.PlayerConsultationCount });
      })
      .catch((err) => {
        if (live) setError(failureText(err, t['error.generic']));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [signedIn, state, page, tick]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;

  const mobile = variant === 'mobile';
  const pages = Math.max(1, Math.ceil((res?.total ?? 0) / PAGE_SIZE));
  const tabs: ConsultationState[] = ['consulting', 'ended'];
  return (
    <div className="space-y-4" data-testid="consult-list">
      <div className="flex items-center justify-between gap-3">
        <div role="tablist" className="flex gap-1 rounded-full bg-slate-100 p-1 text-sm">
          {tabs.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={state === s}
              data-testid={`consult-tab-${s}`}
              onClick={() => {
                setState(s);
                setPage(1);
                setRes(null);
              }}
              className={`rounded-full px-4 py-1 ${state === s ? 'bg-white font-semibold text-brand-700 shadow-sm' : 'text-slate-600'}`}
            >
              {t[`consult.ui.state.${s}`]}
            </button>
          ))}
        </div>
        <a href={newPath} className="btn-primary inline-flex h-9 shrink-0 items-center whitespace-nowrap px-4 text-sm" data-testid="consult-new">
          {t['consult.ui.new']}
        </a>
      </div>

      {error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : res === null ? (
        <Spinner label={t['wallet.loading']} />
      ) : !res.data.length ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500" data-testid="consult-empty">
          <p>{t['consult.ui.empty']}</p>
          <a href={newPath} className="mt-2 inline-block text-brand-700 underline">
            {t['consult.ui.new']}
          </a>
        </div>
      ) : (
        <ul className={`space-y-2 ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
          {res.data.map((c) => (
            <li key={c.id}>
              <a
                href={`${detailPath}?id=${c.id}`}
                data-testid="consult-row"
                className={`block rounded-lg bg-white p-3 text-sm hover:bg-slate-50 ${mobile ? 'shadow-sm' : 'border border-slate-200'}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2 font-semibold">
                    {c.watch_count > 0 && <span className="h-2 w-2 shrink-0 rounded-full bg-red-600" aria-hidden="true" />}
                    <span className="truncate">{c.title}</span>
                  </span>
                  <StateBadge state={c.state} label={t[`consult.ui.state.${c.state}`]} />
                </div>
                <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
                  <span>
                    {t['consult.ui.last_at']}: {taipeiDateTime(c.last_message_at)}
                  </span>
                  <span className="flex gap-2">
                    {c.source === 'chat' && <span>{t['consult.ui.source.chat']}</span>}
                    {c.image_count > 0 && <span>{fill(t['consult.ui.image_count'], { n: c.image_count })}</span>}
                    {c.watch_count > 0 && (
                      <span className="font-semibold text-red-700" data-testid="consult-unread">
                        {fill(t['consult.ui.unread'], { n: c.watch_count })}
                      </span>
                    )}
                  </span>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}

      {res !== null && res.total > PAGE_SIZE && (
        <nav className="flex items-center justify-between text-sm" aria-label={fill(t['records.page'], { page, pages })}>
          <span className="text-slate-500">{fill(t['records.total'], { n: res.total })}</span>
          <div className="flex items-center gap-2">
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
              {t['records.prev']}
            </button>
            <span>{fill(t['records.page'], { page, pages })}</span>
            <button type="button" className="btn-secondary h-8 px-3 disabled:opacity-50" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
              {t['records.next']}
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
