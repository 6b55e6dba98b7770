// The mobile footer: five tabs (SPEC.md section 2), the login dialog, and the page's dialog host.
// Wallet and member need a login; a visitor tapping them gets the login dialog instead.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $signedIn, $sessionReady, startSession } from '../../stores/session.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { configureApi } from '../../stores/api.ts';
import { LOGIN_REDIRECT_HEADER_MS, type Locale } from '../../shared/constants.ts';
import type { MobileTab } from '../../lib/routes.ts';
import { Dialog } from '../common/Dialog.tsx';
import { DialogHost, DIALOG_KEYS } from '../shell/DialogHost.tsx';
import { useLogin, LOGIN_KEYS } from '../common/useLogin.ts';
import { $badgeCount, startCounters } from '../../stores/messages.ts';

export const MOBILE_FOOTER_KEYS = [
  ...LOGIN_KEYS,
  ...DIALOG_KEYS,
  'mobile.tab.home',
  'mobile.tab.promotions',
  'mobile.tab.wallet',
  'mobile.tab.service',
  'mobile.tab.mine',
  'login.title',
  'login.account',
  'login.password',
  'header.remember_account',
  'header.forgot_password',
  'login.no_account',
  'login.register_link',
  'login.agreement',
  'header.login',
  'header.logging_in',
  'header.account_placeholder',
  'header.password_placeholder',
  'common.show_password',
  'common.hide_password',
  'error.network',
] as const;
type T = Record<(typeof MOBILE_FOOTER_KEYS)[number], string>;

interface Props {
  t: T;
  locale: Locale;
  active: MobileTab;
  paths: Record<MobileTab | 'register' | 'forgot' | 'homeRoot' | 'deposit' | 'depositRecords', string>;
}

const TABS: Array<{ tab: MobileTab; key: keyof T; icon: string; needsLogin: boolean }> = [
  { tab: 'home', key: 'mobile.tab.home', icon: 'M3 11l9-8 9 8v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z', needsLogin: false },
  { tab: 'promotions', key: 'mobile.tab.promotions', icon: 'M4 9h16v11H4zM2 6h20v3H2zM12 6v14M12 6c-2-4-6-3-6 0M12 6c2-4 6-3 6 0', needsLogin: false },
  { tab: 'wallet', key: 'mobile.tab.wallet', icon: 'M3 7h18v13H3zM3 7l13-4v4M16 13h2', needsLogin: true },
  { tab: 'service', key: 'mobile.tab.service', icon: 'M4 13a8 8 0 0116 0v4h-4v-5h4M4 13v4h4v-5H4', needsLogin: false },
  { tab: 'mine', key: 'mobile.tab.mine', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0', needsLogin: true },
];

export default function MobileFooter({ t, locale, active, paths }: Props) {
  useEffect(() => {
    configureApi(locale, t['error.network']);
    startSession();
  }, []);
  // The first render matches the server's HTML (the stores' initial values): the footer hydrates late, and another
  // island of the page may have learnt the session and the unread counts by then (React error 418 on the message centre).
  const signedIn = useStore($signedIn, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const open = useStore($loginDialog);
  // The member tab carries the unread badge (messages and consultation replies), live through the socket.
  const badge = useStore($badgeCount, { ssr: 'initial' });
  useEffect(() => {
    if (signedIn) startCounters();
  }, [signedIn]);

  return (
    <>
      <nav aria-label="Tabs" className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
        <ul className="mx-auto grid max-w-[640px] grid-cols-5">
          {TABS.map(({ tab, key, icon, needsLogin }) => (
            <li key={tab}>
              <a
                href={paths[tab]}
                data-tab={tab}
                aria-current={active === tab ? 'page' : undefined}
                onClick={(e) => {
                  // Until the session is known, let the link work: the page itself asks for a login.
                  if (needsLogin && ready && !signedIn) {
                    e.preventDefault();
                    $loginDialog.set(true);
                  }
                }}
                className={`flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] ${active === tab ? 'font-semibold text-amber-800' : 'text-slate-600'}`}
              >
                <span className="relative">
                  <svg
                    viewBox="0 0 24 24"
                    width="22"
                    height="22"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={icon} />
                  </svg>
                  {tab === 'mine' && signedIn && badge > 0 && (
                    <span
                      className="absolute -right-3 -top-1.5 min-w-[18px] rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-[16px] text-white"
                      data-testid="mobile-message-badge"
                    >
                      {badge > 99 ? '99+' : badge}
                    </span>
                  )}
                </span>
                {t[key]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {open && <LoginDialog t={t} paths={paths} />}
      <DialogHost t={t} homePath={paths.homeRoot} depositPaths={{ deposit: paths.deposit, records: paths.depositRecords }} />
    </>
  );
}

function LoginDialog({ t, paths }: Pick<Props, 't' | 'paths'>) {
  const [show, setShow] = useState(false);
  const form = useLogin({ t, memberPath: paths.mine, redirectDelayMs: LOGIN_REDIRECT_HEADER_MS, onSuccess: () => $loginDialog.set(false) });
  const close = () => $loginDialog.set(false);
  const accountError = form.errorOf('account');
  const passwordError = form.errorOf('password');
  return (
    <Dialog open title={t['login.title']} onClose={close} width={400}>
      <form
        noValidate
        data-testid="mobile-login"
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
      >
        <label htmlFor="ml-account" className="field-label">
          {t['login.account']}
        </label>
        <input
          id="ml-account"
          name="account"
          autoComplete="username"
          className="field-input"
          value={form.account}
          maxLength={20}
          placeholder={t['header.account_placeholder']}
          onChange={(e) => form.setAccount(e.target.value)}
          onBlur={() => form.blur('account')}
          aria-invalid={!!accountError}
        />
        {accountError && (
          <p role="alert" className="field-error">
            {accountError}
          </p>
        )}
        <label htmlFor="ml-password" className="field-label mt-3">
          {t['login.password']}
        </label>
        <div className="relative">
          <input
            id="ml-password"
            name="password"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            className="field-input pr-16"
            value={form.password}
            maxLength={20}
            placeholder={t['header.password_placeholder']}
            onChange={(e) => form.setPassword(e.target.value)}
            onBlur={() => form.blur('password')}
            aria-invalid={!!passwordError}
          />
          <button type="button" className="absolute inset-y-0 right-0 flex min-w-6 items-center px-2 text-xs text-brand-600" onClick={() => setShow((s) => !s)}>
            {show ? t['common.hide_password'] : t['common.show_password']}
          </button>
        </div>
        {passwordError && (
          <p role="alert" className="field-error">
            {passwordError}
          </p>
        )}
        <div className="mt-3 flex items-center justify-between text-sm">
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={form.remember} onChange={(e) => form.setRemember(e.target.checked)} />
            {t['header.remember_account']}
          </label>
          <a href={paths.forgot} className="text-brand-600">
            {t['header.forgot_password']}
          </a>
        </div>
        <button type="submit" disabled={!form.canSubmit} className="btn-primary mt-4 h-11 w-full disabled:opacity-50">
          {form.busy ? t['header.logging_in'] : t['header.login']}
        </button>
        <p className="mt-3 text-center text-sm">
          {t['login.no_account']}{' '}
          <a className="text-brand-600 underline" href={paths.register}>
            {t['login.register_link']}
          </a>
        </p>
        <p className="mt-3 text-center text-xs text-slate-500">{t['login.agreement']}</p>
      </form>
    </Dialog>
  );
}
