// The player's account verification, desktop /member/kyc and mobile /mobile/f-mine/kyc: the level, what it and the next
// level allow, each document's state (waiting, approved, rejected with the reason, expired) and an upload per kind.
// The server decides every file by its bytes; the picker only narrows what the phone offers.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { $sessionReady, $user } from '../../stores/session.ts';
import { fill } from '../../shared/text.ts';
import { formatDecimalOr } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import { KYC_ADDRESS_KINDS, KYC_IDENTITY_KINDS, kycAccept, type KycDocumentKind } from '../../shared/schemas/kyc/constants.ts';
import type { KycDocumentView, KycLevelTermsView, KycStatusView } from '../../shared/schemas/kyc/player.ts';
import { ErrorBox, LOGIN_NEEDED_KEYS, Spinner } from '../kit/status.tsx';
import { errorText, serverFieldErrors, useCall } from '../kit/calls.ts';
import { taipeiDateTime } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';

export const KYC_KEYS = [
  ...LOGIN_NEEDED_KEYS,
  'error.generic',
  'error.network',
  'kyc.page.title',
  'kyc.page.intro',
  'kyc.page.login_needed',
  'kyc.page.sign_in',
  'kyc.page.level',
  'kyc.page.allows',
  'kyc.page.next',
  'kyc.page.top',
  'kyc.page.day_max',
  'kyc.page.total_max',
  'kyc.page.no_limit',
  'kyc.page.first_needs',
  'kyc.page.personal_info',
  'kyc.page.identity',
  'kyc.page.address',
  'kyc.page.upload',
  'kyc.page.uploading',
  'kyc.page.uploaded',
  'kyc.page.choose',
  'kyc.page.sent_at',
  'kyc.page.reason',
  'kyc.page.loading',
  'kyc.page.error',
  'kyc.page.retry',
  'kyc.page.types',
  'kyc.level.0',
  'kyc.level.1',
  'kyc.level.2',
  'kyc.level.3',
  'kyc.kind.id_front',
  'kyc.kind.id_back',
  'kyc.kind.selfie',
  'kyc.kind.address',
  'kyc.kind.funds',
  'kyc.status.none',
  'kyc.status.submitted',
  'kyc.status.approved',
  'kyc.status.rejected',
  'kyc.status.expired',
  'kyc.reason.unreadable',
  'kyc.reason.incomplete',
  'kyc.reason.wrong_kind',
  'kyc.reason.name_mismatch',
  'kyc.reason.birthday_mismatch',
  'kyc.reason.document_expired',
  'kyc.reason.face_not_visible',
  'kyc.reason.altered',
  'kyc.reason.address_too_old',
  'kyc.reason.other',
] as const;
type T = Record<(typeof KYC_KEYS)[number], string>;
type Variant = 'desktop' | 'mobile';

const STATUS_TONE: Record<string, string> = {
  submitted: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  none: 'bg-slate-100 text-slate-700',
};

export default function KycCenter({ t, locale, variant, paths }: { t: T; locale: Locale; variant: Variant; paths: { home: string; signIn: string } }) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const state = useCall(user ? () => api('GET /kyc/status') : null, [!!user], t);
  // A decision on a document (the 'kyc' event after staff approve or reject) shows at once on an open page.
  useEffect(() => onRealtime('kyc', () => state.reload()), []);

  let body;
  if (!ready) body = <Spinner label={t['kyc.page.loading']} />;
  else if (!user) body = <SignInToVerify t={t} signInPath={paths.signIn} />;
  else if (state.error) body = <ErrorBox message={state.error} retry={state.reload} retryLabel={t['kyc.page.retry']} />;
  else if (!state.data) body = <Spinner label={t['kyc.page.loading']} />;
  else body = <Verification t={t} status={state.data} reload={state.reload} variant={variant} />;
  return (
    // The layout's header already names the page (its h1), so the section only carries the name for assistive technology.
    <section className={variant === 'mobile' ? 'space-y-4 p-3' : 'space-y-5'} data-testid="kyc-center" aria-label={t['kyc.page.title']}>
      <p className="text-sm text-slate-600">{t['kyc.page.intro']}</p>
      {body}
    </section>
  );
}

/**
 * What a signed-out visitor sees: why to sign in and a plain link to the sign-in page, which works on desktop and
 * mobile alike and needs no script, so it cannot go dead while the page is still loading.
 */
export function SignInToVerify({ t, signInPath }: { t: T; signInPath: string }) {
  return (
    <div className="rounded-lg bg-white p-6 text-center shadow-sm" data-testid="kyc-login-needed">
      <p className="mb-4 text-slate-600">{t['kyc.page.login_needed']}</p>
      <a className="btn-primary inline-block" href={signInPath} data-testid="kyc-sign-in">
        {t['kyc.page.sign_in']}
      </a>
    </div>
  );
}

function Terms({ t, label, terms }: { t: T; label: string; terms: KycLevelTermsView }) {
  return (
    <div className="rounded border border-slate-200 bg-white p-3" data-testid={`kyc-terms-${terms.level}`}>
      <p className="text-sm font-semibold text-slate-700">
        {label}: {t[`kyc.level.${terms.level}`]}
      </p>
      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
        <dt className="text-slate-500">{t['kyc.page.day_max']}</dt>
        <dd className="text-right font-medium">{formatDecimalOr(terms.day_max, t['kyc.page.no_limit'])}</dd>
        <dt className="text-slate-500">{t['kyc.page.total_max']}</dt>
        <dd className="text-right font-medium">{formatDecimalOr(terms.total_max, t['kyc.page.no_limit'])}</dd>
      </dl>
    </div>
  );
}

function Verification({ t, status, reload, variant }: { t: T; status: KycStatusView; reload: () => void; variant: Variant }) {
  const latest = (kind: KycDocumentKind) => status.documents.find((d) => d.kind === kind);
  return (
    <div className="space-y-5">
      <div className={variant === 'mobile' ? 'space-y-3' : 'grid grid-cols-2 gap-4'}>
        <div className="rounded border border-brand-200 bg-brand-50 p-3">
          <p className="text-sm text-slate-600">{t['kyc.page.level']}</p>
          <p className="text-lg font-bold text-brand-800" data-testid="kyc-level" data-level={status.level}>
            {t[`kyc.level.${status.level}`]}
          </p>
          <p className="mt-1 text-xs text-slate-600">{fill(t['kyc.page.first_needs'], { level: t[`kyc.level.${status.first_withdrawal_level}`] })}</p>
        </div>
        <Terms t={t} label={t['kyc.page.allows']} terms={status.current} />
        {status.next ? <Terms t={t} label={t['kyc.page.next']} terms={status.next} /> : <p className="text-sm text-slate-600">{t['kyc.page.top']}</p>}
      </div>
      {!status.personal_info && (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t['kyc.page.personal_info']}
        </p>
      )}
      <p className="text-xs text-slate-500">{t['kyc.page.types']}</p>
      <Group t={t} title={t['kyc.page.identity']} kinds={KYC_IDENTITY_KINDS} latest={latest} reload={reload} />
      <Group t={t} title={t['kyc.page.address']} kinds={KYC_ADDRESS_KINDS} latest={latest} reload={reload} />
    </div>
  );
}

function Group({
  t,
  title,
  kinds,
  latest,
  reload,
}: {
  t: T;
  title: string;
  kinds: readonly KycDocumentKind[];
  latest: (k: KycDocumentKind) => KycDocumentView | undefined;
  reload: () => void;
}) {
  return (
    <div>
      <h2 className="mb-2 text-base font-semibold text-slate-800">{title}</h2>
      <ul className="space-y-2">
        {kinds.map((kind) => (
          <DocumentRow key={kind} t={t} kind={kind} doc={latest(kind)} reload={reload} />
        ))}
      </ul>
    </div>
  );
}

function DocumentRow({ t, kind, doc, reload }: { t: T; kind: KycDocumentKind; doc: KycDocumentView | undefined; reload: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const state = doc?.status ?? 'none';
  const canUpload = !doc || doc.status === 'rejected' || doc.status === 'expired';
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure('');
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      await api('POST /kyc/documents', { body: form, query: { kind }, quiet403: true });
      reload();
    } catch (err) {
      setFailure(serverFieldErrors(err).file ?? errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const inputId = `kyc-file-${kind}`;
  return (
    <li className="rounded border border-slate-200 bg-white p-3" data-testid={`kyc-doc-${kind}`} data-status={state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-800">{t[`kyc.kind.${kind}`]}</span>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[state]}`}>{t[`kyc.status.${state}`]}</span>
      </div>
      {doc && <p className="mt-1 text-xs text-slate-500">{fill(t['kyc.page.sent_at'], { at: taipeiDateTime(doc.created_at) })}</p>}
      {doc?.status === 'rejected' && doc.reason && (
        <p className="mt-1 text-sm text-red-700">{fill(t['kyc.page.reason'], { reason: t[`kyc.reason.${doc.reason}` as keyof T] ?? t['kyc.reason.other'] })}</p>
      )}
      {canUpload && (
        <div className="mt-2">
          <label htmlFor={inputId} className="inline-block cursor-pointer rounded bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
            {busy ? t['kyc.page.uploading'] : t['kyc.page.upload']}
          </label>
          <input
            id={inputId}
            type="file"
            className="sr-only"
            accept={kycAccept(kind)}
            disabled={busy}
            data-testid={`kyc-input-${kind}`}
            aria-label={fill(t['kyc.page.choose'], { kind: t[`kyc.kind.${kind}`] })}
            onChange={(e) => {
              void send(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </div>
      )}
      {failure && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failure}
        </p>
      )}
    </li>
  );
}
