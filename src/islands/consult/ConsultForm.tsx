// The new-feedback form (desktop /member/feedback, mobile /mobile/f-mine/feedback): title, details and up to
// three images. Images are uploaded first, then the consultation is created with their ids; on success the
// player lands on the new thread.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { CONSULTATION_TEXT_MAX, CONSULTATION_TITLE_MAX } from '../../shared/schemas/consultations.ts';
import { failureText } from '../../stores/wallet.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { usePageSetup, type Variant } from '../kit/page.ts';
import { ImagePicker, PICKER_KEYS, uploadImages } from './common.tsx';

export const CONSULT_FORM_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  ...PICKER_KEYS,
  'wallet.loading',
  'error.generic',
  'error.network',
  'consult.ui.title',
  'consult.ui.title_placeholder',
  'consult.ui.information',
  'consult.ui.information_placeholder',
  'consult.ui.submit',
  'consult.ui.submitting',
  'consult.ui.uploading',
  'consult.ui.list',
  'consult.v.title_required',
  'consult.v.information_required',
] as const;
type T = Record<(typeof CONSULT_FORM_KEYS)[number], string>;

export default function ConsultForm({
  t,
  locale,
  variant,
  listPath,
  detailPath,
}: {
  t: T;
  locale: Locale;
  variant: Variant;
  listPath: string;
  detailPath: string;
}) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [title, setTitle] = useState('');
  const [information, setInformation] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ title?: string; information?: string; images?: string; form?: string }>({});
  const [busy, setBusy] = useState<'' | 'uploading' | 'submitting'>('');

  // A field's error goes as soon as the field is filled, not only at the next submit.
  const clearError = (field: 'title' | 'information') => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;

  const submit = async () => {
    const next: typeof errors = {};
    if (!title.trim()) next.title = t['consult.v.title_required'];
    if (!information.trim()) next.information = t['consult.v.information_required'];
    setErrors(next);
    if (next.title || next.information) return;
    try {
      setBusy('uploading');
      const imageIds = files.length ? (await uploadImages(files)).map((f) => f.id) : [];
      setBusy('submitting');
      const created = await api('POST /messages/player/consultation', { body: { title: title.trim(), information: information.trim(), image_ids: imageIds } });
      window.location.assign(`${detailPath}?id=${created.id}`);
    } catch (err) {
      setErrors({ form: failureText(err, t['error.generic']) });
      setBusy('');
    }
  };

  const mobile = variant === 'mobile';
  return (
    <form
      className={`space-y-4 ${mobile ? 'rounded-lg bg-white p-4 shadow-sm' : 'max-w-2xl'}`}
      noValidate
      data-testid="consult-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <label className="block">
        <span className="field-label">{t['consult.ui.title']}</span>
        <input
          name="title"
          className="field-input"
          value={title}
          maxLength={CONSULTATION_TITLE_MAX}
          placeholder={t['consult.ui.title_placeholder']}
          aria-invalid={!!errors.title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (e.target.value.trim()) clearError('title');
          }}
          disabled={!!busy}
        />
        {errors.title && (
          <span className="mt-1 block text-xs text-red-700" role="alert">
            {errors.title}
          </span>
        )}
      </label>
      <label className="block">
        <span className="field-label">{t['consult.ui.information']}</span>
        <textarea
          name="information"
          className="field-input h-36 py-2"
          value={information}
          maxLength={CONSULTATION_TEXT_MAX}
          placeholder={t['consult.ui.information_placeholder']}
          aria-invalid={!!errors.information}
          onChange={(e) => {
            setInformation(e.target.value);
            if (e.target.value.trim()) clearError('information');
          }}
          disabled={!!busy}
        />
        {errors.information && (
          <span className="mt-1 block text-xs text-red-700" role="alert">
            {errors.information}
          </span>
        )}
      </label>
      <ImagePicker
        t={t}
        files={files}
        disabled={!!busy}
        idPrefix="consult-new"
        onChange={(f) => {
          setFiles(f);
          setErrors((e) => ({ ...e, images: undefined }));
        }}
        onError={(m) => setErrors((e) => ({ ...e, images: m }))}
      />
      {errors.images && (
        <p className="text-xs text-red-700" role="alert" data-testid="consult-image-error">
          {errors.images}
        </p>
      )}
      {errors.form && (
        <p className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {errors.form}
        </p>
      )}
      <div className={`flex gap-3 ${mobile ? 'flex-col' : 'items-center'}`}>
        <button type="submit" className={`btn-primary disabled:opacity-60 ${mobile ? 'w-full' : 'px-8'}`} disabled={!!busy} data-testid="consult-submit">
          {busy === 'uploading' ? t['consult.ui.uploading'] : busy === 'submitting' ? t['consult.ui.submitting'] : t['consult.ui.submit']}
        </button>
        <a href={listPath} className="text-center text-sm text-brand-700 underline">
          {t['consult.ui.list']}
        </a>
      </div>
    </form>
  );
}
