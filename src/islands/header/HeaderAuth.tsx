// The right side of the desktop top bar: the inline login form for visitors, the account strip for players.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user, $withdrawStoreUrl, endSession, loadUser, startSession } from '../../stores/session.ts';
import { showAlert, showConfirm } from '../../stores/ui.ts';
import { $platformWallets, $walletsLoading, MAINTAIN, activeBonusWallets, alertFailure, recoverAll, refreshWallets } from '../../stores/wallet.ts';
import { configureApi } from '../../stores/api.ts';
import { formatDecimal } from '../../shared/money.ts';
import { LOGIN_REDIRECT_HEADER_MS, type Locale } from '../../shared/constants.ts';
import { useLogin, LOGIN_KEYS } from '../common/useLogin.ts';
import { DialogHost, DIALOG_KEYS } from '../shell/DialogHost.tsx';
import { openForgot } from '../../stores/account.ts';
import { $badgeCount, startCounters } from '../../stores/messages.ts';

export const HEADER_KEYS = [
  ...LOGIN_KEYS,
  ...DIALOG_KEYS,
  'header.register_free',
  'header.login',
  'header.logging_in',
  'header.account_placeholder',
  'header.password_placeholder',
  'header.remember_account',
  'header.forgot_password',
  'header.deposit',
  'header.transfer',
  'header.withdrawal',
  'header.member_centre',
  'header.messages',
  'header.sign_out',
  'header.sign_out_confirm',
  'header.balance',
  'header.central_wallet',
  'header.refresh',
  'header.loading',
  'error.network',
  'forget.contact_service',
  'wallet.activity_wallets',
  'wallet.platform_wallets',
  'wallet.maintain',
  'wallet.recover_all',
  'wallet.recovering',
  'wallet.empty_platforms',
  'wallet.pending',
  'error.generic',
] as const;
type T = Record<(typeof HEADER_KEYS)[number], string>;

interface Props {
  t: T;
  locale: Locale;
  paths: Record<
    'home' | 'register' | 'member' | 'wallet' | 'deposit' | 'transfer' | 'withdraw' | 'messages' | 'forgot' | 'mobileLogin' | 'depositRecords',
    string
  >;
}

export default function HeaderAuth({ t, locale, paths }: Props) {
  useEffect(() => {
    configureApi(locale, t['error.network']);
    startSession();
  }, []);
  // Hydrate with the stores' initial values, as the server rendered them: another island may already have
  // loaded the session, and reading that during hydration would not match the server's HTML.
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  // The server renders the login form (most readers are visitors, and this island may hydrate only when
  // touched); after mounting, a stored token shows 'loading' until the session answers instead.
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    try {
      setWaiting(!!localStorage.getItem('token'));
    } catch {
      setWaiting(false);
    }
  }, []);
  return (
    // On narrow screens the session controls take a row of their own whatever they show, so the page does not
    // shift when the server's 'loading' text gives way to the links or the account strip.
    <div className="flex w-full items-center gap-3 text-sm md:w-auto" data-testid="header-auth">
      {user ? (
        <PlayerStrip t={t} paths={paths} />
      ) : ready || !waiting ? (
        <InlineLogin t={t} paths={paths} />
      ) : (
        <span className="text-slate-300">{t['header.loading']}</span>
      )}
      <DialogHost t={t} homePath={paths.home} depositPaths={{ deposit: paths.deposit, records: paths.depositRecords }} />
    </div>
  );
}

function InlineLogin({ t, paths }: Pick<Props, 't' | 'paths'>) {
  const form = useLogin({ t, memberPath: paths.wallet, redirectDelayMs: LOGIN_REDIRECT_HEADER_MS });
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // What was typed or autofilled into the server-rendered form before this island hydrated is kept.
  useEffect(() => {
    if (accountRef.current?.value) form.setAccount(accountRef.current.value);
    if (passwordRef.current?.value) form.setPassword(passwordRef.current.value);
  }, []);
  const accountError = form.errorOf('account');
  const passwordError = form.errorOf('password');
  return (
    <>
      {/* Phones reading a desktop page in place get two links instead of the inline form, which needs the width. */}
      <div className="flex gap-3 md:hidden">
        <a href={paths.register} className="text-gold-300">
          {t['header.register_free']}
        </a>
        <a href={paths.mobileLogin} className="text-slate-100">
          {t['header.login']}
        </a>
      </div>
      <form
        className="hidden items-start gap-1.5 text-[13px] md:flex"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
      >
        <a href={paths.register} className="mt-1.5 whitespace-nowrap text-gold-300 hover:underline">
          {t['header.register_free']}
        </a>
        <label className="relative">
          <span className="sr-only">{t['header.account_placeholder']}</span>
          <input
            ref={accountRef}
            name="account"
            autoComplete="username"
            value={form.account}
            maxLength={20}
            placeholder={t['header.account_placeholder']}
            onChange={(e) => form.setAccount(e.target.value)}
            onBlur={() => form.blur('account')}
            aria-invalid={!!accountError}
            className="h-8 w-36 rounded border border-white/20 bg-white/10 px-2 text-white placeholder:text-slate-300"
          />
          {accountError && (
            <span role="alert" className="absolute left-0 top-9 z-10 w-56 rounded bg-red-600 px-2 py-1 text-xs text-white">
              {accountError}
            </span>
          )}
        </label>
        <label className="relative">
          <span className="sr-only">{t['header.password_placeholder']}</span>
          <input
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            value={form.password}
            maxLength={20}
            placeholder={t['header.password_placeholder']}
            onChange={(e) => form.setPassword(e.target.value)}
            onBlur={() => form.blur('password')}
            aria-invalid={!!passwordError}
            className="h-8 w-24 rounded border border-white/20 bg-white/10 px-2 text-white placeholder:text-slate-300"
          />
          {passwordError && (
            <span role="alert" className="absolute left-0 top-9 z-10 w-56 rounded bg-red-600 px-2 py-1 text-xs text-white">
              {passwordError}
            </span>
          )}
        </label>
        <label className="mt-1.5 flex items-center gap-1 whitespace-nowrap text-slate-200">
          <input type="checkbox" checked={form.remember} onChange={(e) => form.setRemember(e.target.checked)} />
          {t['header.remember_account']}
        </label>
        {/* The href is only the fallback: a click before the island has hydrated waits for it and then opens the
          dialog (data-hydrate-click, src/lib/directives/session.ts). */}
        <a
          href={paths.forgot}
          onClick={(e) => {
            e.preventDefault();
            openForgot();
          }}
          data-hydrate-click=""
          data-testid="header-forgot"
          className="mt-1.5 whitespace-nowrap text-slate-300 hover:underline"
        >
          {t['header.forgot_password']}
        </a>
        <button type="submit" disabled={!form.canSubmit} className="btn-primary h-8 px-4 disabled:opacity-50">
          {form.busy ? t['header.logging_in'] : t['header.login']}
        </button>
      </form>
    </>
  );
}

function PlayerStrip({ t, paths }: Pick<Props, 't' | 'paths'>) {
  const storeUrl = useStore($withdrawStoreUrl);
  const user = useStore($user)!;
  const platforms = useStore($platformWallets);
  const walletsLoading = useStore($walletsLoading);
  // Unread messages plus consultation replies, kept live by update-message and update-consultation.
  const badge = useStore($badgeCount);
  useEffect(() => startCounters(), []);
  const [open, setOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const busy = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Opening forces a wallet refresh (live platform balances). A refresh still running is not started again;
  // loadUser and refreshWallets also share one request each when other islands ask at the same time.
  const refresh = async () => {
    if (busy.current) return;
    busy.current = true;
    setRefreshing(true);
    try {
      await Promise.all([loadUser(), refreshWallets(true)]);
    } catch (err) {
      alertFailure(err, t['error.network']);
    } finally {
      busy.current = false;
      setRefreshing(false);
    }
  };
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) void refresh();
  };
  const recover = async () => {
    if (recovering) return;
    setRecovering(true);
    try {
      const message = await recoverAll();
      if (message) showAlert(message);
    } catch (err) {
      alertFailure(err, t['error.generic']);
    } finally {
      setRecovering(false);
    }
  };
  const bonuses = activeBonusWallets(user);
  const signOut = () =>
    showConfirm({
      message: t['header.sign_out_confirm'],
      onConfirm: () => void endSession(paths.home),
    });

  return (
    // Tight spacing and 13 px text keep the signed-in strip (level, avatar, account, balance and six links) on the top
    // bar's one row at 1366 px in English too; below 1536 px the balance's label is read by screen readers only.
    <div className="flex items-center gap-2 whitespace-nowrap text-[13px]" data-testid="player-strip">
      {user.level.if_show_frontend && user.level.name_frontend && (
        <span className="inline-flex items-center gap-1 rounded bg-gold-500/20 px-2 py-0.5 text-gold-300" data-testid="level-name" data-level={user.level.id}>
          <img src={`/levels/level-${user.level.id}.svg`} alt="" width="16" height="16" className="h-4 w-4" />
          {user.level.name_frontend}
        </span>
      )}
      <img src={`/avatars/${user.avatar}`} alt="" width="24" height="24" className="h-6 w-6 rounded-full bg-white/20" data-testid="header-avatar" />
      <span className="font-semibold text-white" data-testid="header-account">
        {user.account}
      </span>
      <div className="relative" ref={box}>
        <button type="button" onClick={toggle} aria-expanded={open} className="flex items-center gap-1 text-gold-300" data-testid="balance-toggle">
          <span className="sr-only 2xl:not-sr-only">{t['header.balance']}: </span>
          <span data-testid="header-balance">{formatDecimal(user.amount)}</span> ▾
        </button>
        {open && (
          <div
            className="absolute right-0 top-7 z-20 max-h-[70vh] w-72 overflow-y-auto rounded bg-white p-3 text-slate-800 shadow-lg"
            data-testid="balance-dropdown"
          >
            <div className="flex justify-between font-semibold">
              <span>{t['header.central_wallet']}</span>
              <span data-testid="dropdown-central">{formatDecimal(user.amount)}</span>
            </div>
            {bonuses.length > 0 && (
              <div className="mt-2 border-t border-slate-100 pt-2">
                <p className="mb-1 text-xs text-slate-500">{t['wallet.activity_wallets']}</p>
                <ul className="space-y-1 text-sm">
                  {bonuses.map((w) => (
                    <li key={w.id} className="flex justify-between gap-2">
                      <span className="truncate">{w.name}</span>
                      <span>{formatDecimal(w.money)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="mt-2 border-t border-slate-100 pt-2">
              <p className="mb-1 text-xs text-slate-500">{t['wallet.platform_wallets']}</p>
              {platforms === null ? (
                <p className="text-xs text-slate-500" aria-busy="true">
                  {t['header.loading']}
                </p>
              ) : !platforms.length ? (
                <p className="text-xs text-slate-500">{t['wallet.empty_platforms']}</p>
              ) : (
                <ul className="space-y-1 text-sm" data-testid="dropdown-platforms">
                  {platforms.map((p) => (
                    <li key={p.code} className="flex justify-between gap-2" data-code={p.code}>
                      <span className="truncate">{p.name}</span>
                      <span className={p.wallet === MAINTAIN ? 'text-xs text-amber-700' : ''}>
                        {p.wallet === MAINTAIN ? t['wallet.maintain'] : formatDecimal(p.wallet)}
                        {p.pending && <span className="ml-1 text-xs text-amber-700">({t['wallet.pending']})</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="mt-3 flex gap-2">
              <button
                type="button"
                className="btn-primary h-8 flex-1 px-2 text-sm disabled:opacity-60"
                disabled={recovering}
                onClick={() => void recover()}
                data-testid="dropdown-recover-all"
              >
                {recovering ? t['wallet.recovering'] : t['wallet.recover_all']}
              </button>
              <button type="button" className="btn-secondary h-8 flex-1 px-2 text-sm disabled:opacity-60" disabled={refreshing} onClick={() => void refresh()}>
                {refreshing || walletsLoading ? t['header.loading'] : t['header.refresh']}
              </button>
            </div>
          </div>
        )}
      </div>
      <a className="header-link hidden md:inline" href={paths.deposit}>
        {t['header.deposit']}
      </a>
      <a className="header-link hidden md:inline" href={paths.transfer}>
        {t['header.transfer']}
      </a>
      {/* With an outside withdrawal store configured, withdrawal opens it in a new tab (SPEC.md section 2). */}
      <a className="header-link hidden md:inline" href={storeUrl || paths.withdraw} {...(storeUrl ? { target: '_blank', rel: 'noopener' } : {})}>
        {t['header.withdrawal']}
      </a>
      <a className="header-link hidden md:inline" href={paths.member}>
        {t['header.member_centre']}
      </a>
      <a className="header-link hidden md:inline-flex md:items-center" href={paths.messages} data-testid="header-messages" data-unread={badge}>
        {t['header.messages']}
        {badge > 0 && (
          <span
            className="ml-1 min-w-[18px] rounded-full bg-red-600 px-1.5 text-center text-[11px] font-semibold leading-[18px] text-white"
            data-testid="message-badge"
          >
            {badge > 99 ? '99+' : badge}
          </span>
        )}
      </a>
      <button type="button" className="header-link" onClick={signOut} data-testid="sign-out">
        {t['header.sign_out']}
      </button>
    </div>
  );
}
