// The account forms as whole pages: /update-password, /member/user-info's password change, and the
// mobile /mobile/f-mine/forget-password and /mobile/f-mine/phone-login.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user, startSession } from '../../stores/session.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { FORGET_PHONE_KEY } from '../../stores/account.ts';
import { api, configureApi } from '../../stores/api.ts';
import type { Locale } from '../../shared/constants.ts';
import { ChangePasswordForm, ForgotPasswordForm, PhoneLoginForm, type AccountT } from './forms.tsx';
import { ACCOUNT_FORM_KEYS } from './keys.ts';
import { FORCE_PASSWORD_STATUS } from '../../shared/statuses.ts';

export const ACCOUNT_PAGE_KEYS = [
  ...ACCOUNT_FORM_KEYS,
  'page.customer',
  'account.change.forced',
  'member.login_needed',
  'common.loading',
  'error.network',
  'account.info.phone',
  'account.info.no_phone',
  'account.change.title',
] as const;

interface Props {
  t: Record<(typeof ACCOUNT_PAGE_KEYS)[number], string>;
  locale: Locale;
  kind: 'forgot' | 'phone-login' | 'change-password' | 'security';
  paths: { home: string; contact: string };
}

export default function AccountPage({ t, locale, kind, paths }: Props) {
  useEffect(() => {
    configureApi(locale, t['error.network']);
    startSession();
  }, []);
  const at = t as AccountT;
  if (kind === 'forgot') return <ForgotPage t={t} at={at} paths={paths} />;
  if (kind === 'phone-login') return <PhoneLoginPage t={t} at={at} paths={paths} />;
  return <ChangePage t={t} at={at} paths={paths} security={kind === 'security'} />;
}

type Inner = { t: Props['t']; at: AccountT; paths: Props['paths'] };

function ForgotPage({ t, at, paths }: Inner) {
  const [recovery, setRecovery] = useState<boolean | null>(null);
  useEffect(() => {
    api('GET /system/settings')
      .then((s) => setRecovery(!!Number(s.enable_mobile_verification_retrieve_password)))
      .catch(() => setRecovery(true));
  }, []);
  if (recovery === null)
    return (
      <p className="py-6 text-center text-slate-500" aria-busy="true">
        {t['common.loading']}
      </p>
    );
  if (!recovery) {
    return (
      <div data-testid="forgot-contact">
        <p className="text-slate-700">{t['forget.contact_service']}</p>
        <a className="btn-primary mt-4 w-full" href={paths.contact}>
          {t['page.customer']}
        </a>
      </div>
    );
  }
  // Done: the login dialog opens for the new password.
  return <ForgotPasswordForm t={at} onDone={() => $loginDialog.set(true)} />;
}

function PhoneLoginPage({ t, at, paths }: Inner) {
  const [masked, setMasked] = useState('');
  useEffect(() => {
    try {
      setMasked(localStorage.getItem(FORGET_PHONE_KEY) ?? '');
    } catch {
      setMasked('');
    }
  }, []);
  return (
    <div>
      {masked && (
        <p className="mb-4 text-sm text-slate-700" data-testid="identity-text">
          {t['account.identity.text'].replace('{phone}', masked)}
        </p>
      )}
      <PhoneLoginForm t={at} homePath={paths.home} />
    </div>
  );
}

function ChangePage({ t, at, paths, security }: Inner & { security: boolean }) {
  // The server's HTML first: the page hydrates when scrolled into view, by when the session is usually known.
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  if (!ready)
    return (
      <p className="py-6 text-center text-slate-500" aria-busy="true">
        {t['common.loading']}
      </p>
    );
  if (!user) return <p className="py-6 text-center text-slate-600">{t['member.login_needed']}</p>;
  const forced = user.status_force_password === FORCE_PASSWORD_STATUS.required;
  return (
    <div className="max-w-md" data-testid="change-password-page">
      {security && (
        <>
          <p className="mb-4 flex justify-between text-sm" data-testid="bound-phone">
            <span className="text-slate-500">{t['account.info.phone']}</span>
            <span>{user.phone || t['account.info.no_phone']}</span>
          </p>
          <h2 className="mb-3 font-semibold text-brand-700">{t['account.change.title']}</h2>
        </>
      )}
      {forced && (
        <p role="alert" className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-800" data-testid="forced-notice">
          {t['account.change.forced']}
        </p>
      )}
      <ChangePasswordForm t={at} onDone={forced ? () => window.location.assign(paths.home) : undefined} />
    </div>
  );
}
