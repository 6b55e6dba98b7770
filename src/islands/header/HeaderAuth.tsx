// The right side of the desktop top bar: the inline login form for visitors, the account strip for players.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user, clearSession, loadUser, startSession } from '../../stores/session.ts';
import { showConfirm } from '../../stores/ui.ts';
import { api, configureApi } from '../../lib/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import { LOGIN_REDIRECT_HEADER_MS, type Locale } from '../../shared/constants.ts';
import { useLogin, LOGIN_KEYS } from '../common/useLogin.ts';
import { DialogHost, DIALOG_KEYS } from '../common/DialogHost.tsx';

export const HEADER_KEYS = [
  ...LOGIN_KEYS, ...DIALOG_KEYS,
  'header.register_free', 'header.login', 'header.logging_in', 'header.account_placeholder', 'header.password_placeholder',
  'header.remember_account', 'header.forgot_password', 'header.deposit', 'header.transfer', 'header.withdrawal',
  'header.member_centre', 'header.messages', 'header.sign_out', 'header.sign_out_confirm', 'header.balance',
  'header.central_wallet', 'header.refresh', 'header.loading', 'error.network', 'forget.contact_service',
] as const;
type T = Record<(typeof HEADER_KEYS)[number], string>;

interface Props { t: T; locale: Locale; paths: Record<'home' | 'register' | 'member' | 'wallet' | 'deposit' | 'transfer' | 'withdraw' | 'messages' | 'forgot' | 'mobileLogin', string> }

export default function HeaderAuth({ t, locale, paths }: Props) {
  useEffect(() => {
    configureApi(locale, t['error.network']);
    startSession();
  }, []);
  // Hydrate with the stores' initial values, as the server rendered them: another island may already have
  // loaded the session, and reading that during hydration would not match the server's HTML.
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  return (
    <div className="flex items-center gap-3 text-sm" data-testid="header-auth">
      {user ? <PlayerStrip t={t} paths={paths} /> : ready ? <InlineLogin t={t} paths={paths} /> : <span className="text-slate-300">{t['header.loading']}</span>}
      <DialogHost t={t} homePath={paths.home} />
    </div>
  );
}

function InlineLogin({ t, paths }: Pick<Props, 't' | 'paths'>) {
  const form = useLogin({ t, memberPath: paths.wallet, redirectDelayMs: LOGIN_REDIRECT_HEADER_MS });
  const accountError = form.errorOf('account');
  const passwordError = form.errorOf('password');
  return (
    <>
    {/* Phones reading a desktop page in place get two links instead of the inline form, which needs the width. */}
    <div className="flex gap-3 md:hidden">
      <a href={paths.register} className="text-gold-300">{t['header.register_free']}</a>
      <a href={paths.mobileLogin} className="text-slate-100">{t['header.login']}</a>
    </div>
    <form className="hidden items-start gap-1.5 md:flex" noValidate onSubmit={(e) => { e.preventDefault(); void form.submit(); }}>
      <a href={paths.register} className="mt-1.5 whitespace-nowrap text-gold-300 hover:underline">{t['header.register_free']}</a>
      <label className="relative">
        <span className="sr-only">{t['header.account_placeholder']}</span>
        <input name="account" autoComplete="username" value={form.account} maxLength={20} placeholder={t['header.account_placeholder']}
          onChange={(e) => form.setAccount(e.target.value)} onBlur={() => form.blur('account')}
          aria-invalid={!!accountError} className="h-8 w-32 rounded border border-white/20 bg-white/10 px-2 text-white placeholder:text-slate-300" />
        {accountError && <span role="alert" className="absolute left-0 top-9 z-10 w-56 rounded bg-red-600 px-2 py-1 text-xs text-white">{accountError}</span>}
      </label>
      <label className="relative">
        <span className="sr-only">{t['header.password_placeholder']}</span>
        <input name="password" type="password" autoComplete="current-password" value={form.password} maxLength={20}
          placeholder={t['header.password_placeholder']} onChange={(e) => form.setPassword(e.target.value)} onBlur={() => form.blur('password')}
          aria-invalid={!!passwordError} className="h-8 w-24 rounded border border-white/20 bg-white/10 px-2 text-white placeholder:text-slate-300" />
        {passwordError && <span role="alert" className="absolute left-0 top-9 z-10 w-56 rounded bg-red-600 px-2 py-1 text-xs text-white">{passwordError}</span>}
      </label>
      <label className="mt-1.5 flex items-center gap-1 whitespace-nowrap text-slate-200">
        <input type="checkbox" checked={form.remember} onChange={(e) => form.setRemember(e.target.checked)} />
        {t['header.remember_account']}
      </label>
      <a href={paths.forgot} className="mt-1.5 whitespace-nowrap text-slate-300 hover:underline">{t['header.forgot_password']}</a>
      <button type="submit" disabled={!form.canSubmit} className="btn-primary h-8 px-4 disabled:opacity-50">
        {form.busy ? t['header.logging_in'] : t['header.login']}
      </button>
    </form>
    </>
  );
}

function PlayerStrip({ t, paths }: Pick<Props, 't' | 'paths'>) {
  const user = useStore($user)!;
  const [open, setOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    // Opening forces a refresh; loadUser shares one request when several overlap.
    if (next && !refreshing) {
      setRefreshing(true);
      await loadUser().finally(() => setRefreshing(false));
    }
  };
  const signOut = () => showConfirm({
    message: t['header.sign_out_confirm'],
    onConfirm: async () => {
      await api('/auth/logout').catch(() => undefined);
      clearSession();
      window.location.assign(paths.home);
    },
  });

  return (
    <div className="flex items-center gap-3 whitespace-nowrap" data-testid="player-strip">
      {user.level.if_show_frontend && user.level.name_frontend && (
        <span className="rounded bg-gold-500/20 px-2 py-0.5 text-gold-300" data-testid="level-name">{user.level.name_frontend}</span>
      )}
      <span className="font-semibold text-white" data-testid="header-account">{user.account}</span>
      <div className="relative" ref={box}>
        <button type="button" onClick={() => void toggle()} aria-expanded={open} className="flex items-center gap-1 text-gold-300" data-testid="balance-toggle">
          {t['header.balance']}: <span data-testid="header-balance">{formatDecimal(user.amount)}</span> ▾
        </button>
        {open && (
          <div className="absolute right-0 top-7 z-20 w-56 rounded bg-white p-3 text-slate-800 shadow-lg">
            <div className="flex justify-between"><span>{t['header.central_wallet']}</span><span className="font-semibold">{formatDecimal(user.amount)}</span></div>
            {refreshing && <p className="mt-2 text-xs text-slate-500">{t['header.loading']}</p>}
          </div>
        )}
      </div>
      <a className="header-link hidden md:inline" href={paths.deposit}>{t['header.deposit']}</a>
      <a className="header-link hidden md:inline" href={paths.transfer}>{t['header.transfer']}</a>
      <a className="header-link hidden md:inline" href={paths.withdraw}>{t['header.withdrawal']}</a>
      <a className="header-link hidden md:inline" href={paths.member}>{t['header.member_centre']}</a>
      <a className="header-link hidden md:inline" href={paths.messages}>{t['header.messages']}</a>
      <button type="button" className="header-link" onClick={signOut} data-testid="sign-out">{t['header.sign_out']}</button>
    </div>
  );
}
