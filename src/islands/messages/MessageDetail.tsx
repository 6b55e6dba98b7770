// One message (desktop /member/message-center-detail?id=, mobile /mobile/f-message-center/message-center-detail?id=).
// Opening it marks it read; the body is operator HTML that the server sanitized when it was saved.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { loadMessageTotals, startCounters } from '../../stores/messages.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { api, ApiFailure } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import type { MessageDetail as Detail } from '../../shared/schemas/messages.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';

export const MESSAGE_DETAIL_KEYS = [
  'msg.back',
  'msg.not_found',
  'msg.loading',
  'msg.error',
  'msg.retry',
  'msg.login',
  'msg.login_button',
  'msg.tab.system',
  'msg.tab.personal',
  'msg.tab.platform',
  'error.network',
] as const;
type T = Record<(typeof MESSAGE_DETAIL_KEYS)[number], string>;

export default function MessageDetail({ t, locale, variant, listPath }: { t: T; locale: Locale; variant: Variant; listPath: string }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [message, setMessage] = useState<Detail | null>(null);
  const [error, setError] = useState<'' | 'not_found' | string>('');
  const [back, setBack] = useState(listPath);
  const signedIn = !!user;

  const load = async () => {
    const q = new URLSearchParams(window.location.search);
    const id = q.get('id') ?? '';
    const tab = q.get('tab');
    const page = q.get('page');
    setBack(`${listPath}${tab ? `?tab=${encodeURIComponent(tab)}${page ? `&page=${encodeURIComponent(page)}` : ''}` : ''}`);
    setError('');
    setMessage(null);
    if (!/^\d{1,15}$/.test(id)) {
      setError('not_found');
      return;
    }
    try {
      setMessage(await api('GET /messages/detail', { query: { id } }));
      // Reading it lowers the badge at once (the server's update-message confirms it a moment later).
      void loadMessageTotals();
    } catch (err) {
      if (err instanceof ApiFailure && (err.status === 404 || err.status === 422)) setError('not_found');
      else setError(err instanceof Error && err.message ? err.message : t['msg.error']);
    }
  };
  useEffect(() => {
    if (!signedIn) return;
    startCounters();
    void load();
  }, [signedIn]);

  if (!ready && !user)
    return (
      <p className="py-6 text-center text-sm text-slate-500" aria-busy="true">
        {t['msg.loading']}
      </p>
    );
  if (!user) {
    return (
      <div className="rounded-lg bg-white p-6 text-center shadow-sm">
        <p className="text-slate-600">{t['msg.login']}</p>
        {variant === 'mobile' && (
          <button type="button" className="btn-primary mt-4 w-full" onClick={() => $loginDialog.set(true)}>
            {t['msg.login_button']}
          </button>
        )}
      </div>
    );
  }
  return (
    <article className="rounded-lg bg-white p-4 shadow-sm" data-testid="message-detail">
      <a href={back} className="text-sm text-brand-700 hover:underline">
        ‹ {t['msg.back']}
      </a>
      {error === 'not_found' ? (
        <p className="py-10 text-center text-slate-500" data-testid="message-not-found">
          {t['msg.not_found']}
        </p>
      ) : error ? (
        <div className="py-6 text-center" role="alert">
          <p className="text-sm text-red-700">{error}</p>
          <button type="button" className="btn-secondary mt-3 px-4" onClick={() => void load()}>
            {t['msg.retry']}
          </button>
        </div>
      ) : !message ? (
        <p className="py-6 text-center text-sm text-slate-500" aria-busy="true">
          {t['msg.loading']}
        </p>
      ) : (
        <>
          <header className="mt-3 border-b border-slate-100 pb-3">
            <h2 className="text-lg font-semibold text-slate-900" data-testid="message-title">
              {message.title}
            </h2>
            <p className="mt-1 text-xs text-slate-500">
              {t[`msg.tab.${message.kind}`]}
              {message.platform_code ? ` · ${message.platform_code}` : ''} · {taipeiDateTime(message.created_at)}
            </p>
          </header>
          {/* Sanitized on save by the server (sanitize-html): no scripts, handlers or javascript: links reach here. */}
          <div
            className="operator-html mt-4 break-words text-sm leading-relaxed text-slate-700"
            data-testid="message-body"
            dangerouslySetInnerHTML={{ __html: message.body }}
          />
        </>
      )}
    </article>
  );
}
