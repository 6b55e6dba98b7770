// One feedback thread (desktop /member/feedback-detail?id=, mobile /mobile/f-mine/feedback-detail?id=): the
// opening with its images, the replies of both sides, and a reply form while it is consulting. Opening it
// marks customer service's replies seen; update-consultation reloads it.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api, ApiFailure } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { CONSULTATION_TEXT_MAX, type ConsultationDetailView, type ConsultationImageView } from '../../shared/schemas/consultations.ts';
import { failureText } from '../../stores/wallet.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { ImagePicker, PICKER_KEYS, StateBadge, uploadImages } from './common.tsx';

export const CONSULT_DETAIL_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  ...PICKER_KEYS,
  'wallet.loading',
  'error.generic',
  'error.network',
  'consult.ui.state.consulting',
  'consult.ui.state.ended',
  'consult.ui.reply',
  'consult.ui.reply_placeholder',
  'consult.ui.send',
  'consult.ui.sending',
  'consult.ui.uploading',
  'consult.ui.ended_note',
  'consult.ui.me',
  'consult.ui.service',
  'consult.ui.opened_at',
  'consult.ui.back',
  'consult.ui.not_found',
  'consult.ui.image_alt',
  'consult.ui.waiting',
  'consult.v.content_required',
] as const;
type T = Record<(typeof CONSULT_DETAIL_KEYS)[number], string>;

function Images({ images, alt }: { images: ConsultationImageView[]; alt: string }) {
  if (!images.length) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {images.map((img, i) => (
        <a
          key={img.id}
          href={img.url}
          target="_blank"
          rel="noopener noreferrer"
          className="block h-24 w-24 overflow-hidden rounded border border-slate-200 bg-slate-50"
        >
          <img src={img.url} alt={fill(alt, { n: i + 1 })} loading="lazy" className="h-full w-full object-cover" data-testid="consult-image" />
        </a>
      ))}
    </div>
  );
}

export default function ConsultDetail({ t, locale, variant, listPath }: { t: T; locale: Locale; variant: Variant; listPath: string }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [id] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('id')));
  const [view, setView] = useState<ConsultationDetailView | null>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [replyError, setReplyError] = useState('');
  const [busy, setBusy] = useState<'' | 'uploading' | 'sending'>('');
  const signedIn = !!user;

  // A staff reply or the end of the thread sends update-consultation: read the thread again. Reading it clears
  // its watch count, which sends one more event only when there was something unseen, so this settles.
  useEffect(() => onRealtime('update-consultation', () => setTick((n) => n + 1)), []);

  useEffect(() => {
    if (!signedIn) return;
    if (!id || !/^\d{1,15}$/.test(id)) {
      setError(t['consult.ui.not_found']);
      return;
    }
    let live = true;
    api('GET /messages/player/consultation/:id', { params: { id } })
      .then((v) => {
        if (live) setView((old) => (old && JSON.stringify(old) === JSON.stringify(v) ? old : v));
      })
      .catch((err) => {
        if (live)
          setError(err instanceof ApiFailure && (err.status === 404 || err.status === 422) ? t['consult.ui.not_found'] : failureText(err, t['error.generic']));
      });
    return () => {
      live = false;
    };
  }, [signedIn, id, tick]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;
  const back = (
    <a href={listPath} className="text-sm text-brand-700 underline">
      {t['consult.ui.back']}
    </a>
  );
  if (error)
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
        {back}
      </div>
    );
  if (!view) return <Spinner label={t['wallet.loading']} />;

  const send = async () => {
    if (!content.trim()) {
      setReplyError(t['consult.v.content_required']);
      return;
    }
    setReplyError('');
    try {
      setBusy('uploading');
      const imageIds = files.length ? (await uploadImages(files)).map((f) => f.id) : [];
      setBusy('sending');
      await api('POST /messages/player/consultation/:id/reply', { params: { id: view.id }, body: { content: content.trim(), image_ids: imageIds } });
      setContent('');
      setFiles([]);
      setTick((n) => n + 1);
    } catch (err) {
      setReplyError(failureText(err, t['error.generic']));
      setTick((n) => n + 1);
    } finally {
      setBusy('');
    }
  };

  const mobile = variant === 'mobile';
  const card = mobile ? 'rounded-lg bg-white p-3 shadow-sm' : 'rounded-lg border border-slate-200 p-4';
  return (
    <div className="space-y-4" data-testid="consult-detail">
      <section className={card}>
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 break-words text-lg font-semibold" data-testid="consult-title">
            {view.title}
          </h2>
          <StateBadge state={view.state} label={t[`consult.ui.state.${view.state}`]} />
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {t['consult.ui.opened_at']}: {taipeiDateTime(view.created_at)}
        </p>
        <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{view.information}</p>
        <Images images={view.images} alt={t['consult.ui.image_alt']} />
      </section>

      <ol className="space-y-3" data-testid="consult-thread">
        {view.messages.map((m) => (
          <li key={m.id} className={`flex ${m.author === 'player' ? 'justify-end' : 'justify-start'}`} data-testid={`consult-msg-${m.author}`}>
            <div className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${m.author === 'player' ? 'bg-brand-50 text-slate-800' : 'bg-amber-50 text-slate-800'}`}>
              <p className="text-xs font-semibold text-slate-500">
                {m.author === 'player' ? t['consult.ui.me'] : t['consult.ui.service']} · {taipeiDateTime(m.created_at)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
              <Images images={m.images} alt={t['consult.ui.image_alt']} />
            </div>
          </li>
        ))}
        {!view.messages.some((m) => m.author === 'staff') && view.state === 'consulting' && (
          <li className="text-center text-xs text-slate-500">{t['consult.ui.waiting']}</li>
        )}
      </ol>

      {view.state === 'consulting' ? (
        <form
          className={`space-y-3 ${card}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void send();
          }}
          data-testid="consult-reply"
        >
          <label className="block">
            <span className="field-label">{t['consult.ui.reply']}</span>
            <textarea
              name="content"
              className="field-input h-24 py-2"
              value={content}
              maxLength={CONSULTATION_TEXT_MAX}
              placeholder={t['consult.ui.reply_placeholder']}
              onChange={(e) => {
                setContent(e.target.value);
                // The 'write something' error goes once there is something.
                if (e.target.value.trim() && replyError === t['consult.v.content_required']) setReplyError('');
              }}
              disabled={!!busy}
            />
          </label>
          <ImagePicker
            t={t}
            files={files}
            onChange={(f) => {
              setFiles(f);
              setReplyError('');
            }}
            onError={setReplyError}
            disabled={!!busy}
            idPrefix="consult-reply"
          />
          {replyError && (
            <p className="text-xs text-red-700" role="alert">
              {replyError}
            </p>
          )}
          <button type="submit" className={`btn-primary disabled:opacity-60 ${mobile ? 'w-full' : 'px-8'}`} disabled={!!busy} data-testid="consult-send">
            {busy === 'uploading' ? t['consult.ui.uploading'] : busy === 'sending' ? t['consult.ui.sending'] : t['consult.ui.send']}
          </button>
        </form>
      ) : (
        <p className="rounded bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="consult-ended">
          {t['consult.ui.ended_note']}
        </p>
      )}
      {back}
    </div>
  );
}
