// Staff sign-in: username and password, then the authenticator code when the account has one.
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../shared/constants.ts';
import { $boToken, setBoSession, type BoStaff } from '../../stores/backoffice.ts';
import { BoFailure, boApi, boPath, configureBo } from './api.ts';
import { Banner, cls } from './common.tsx';

export const LOGIN_KEYS = [
  'bo.login.title', 'bo.login.username', 'bo.login.password', 'bo.login.totp', 'bo.login.totp_hint',
  'bo.login.submit', 'bo.login.submitting', 'bo.error.network', 'bo.loading',
] as const;

interface Props { t: Record<(typeof LOGIN_KEYS)[number], string>; locale: Locale }

interface LoginAnswer { access_token: string; staff: BoStaff }

export default function LoginForm({ t, locale }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needTotp, setNeedTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const totpRef = useRef<HTMLInputElement>(null);
  const dashboard = boPath(locale, 'dashboard');

  useEffect(() => {
    configureBo(locale, t['bo.error.network']);
    // Already signed in on this browser: go straight to the dashboard.
    if (!$boToken.get()) {
      setChecking(false);
      return;
    }
    boApi<BoStaff>('/auth/me').then(() => window.location.replace(dashboard), () => setChecking(false));
  }, []);
  useEffect(() => {
    if (needTotp) totpRef.current?.focus();
  }, [needTotp]);

  const submit = async () => {
    setBusy(true);
    setError('');
    setFields({});
    try {
      const res = await boApi<LoginAnswer>('/auth/login', {
        method: 'POST', body: { username, password, ...(needTotp ? { totp } : {}) },
      });
      setBoSession(res.access_token, res.staff);
      window.location.assign(dashboard);
      return;
    } catch (err) {
      if (err instanceof BoFailure) {
        const next: Record<string, string> = {};
        for (const name of ['username', 'password', 'totp']) {
          const text = err.field(name);
          if (text) next[name] = text;
        }
        // The first answer asking for the code is a prompt, not a mistake: the field and its hint appear.
        if (next.totp && !needTotp) {
          setNeedTotp(true);
          delete next.totp;
          setFields(next);
          setBusy(false);
          return;
        }
        setFields(next);
        setError(Object.keys(next).length ? '' : (err.body?.error?.modal?.join(' ') || err.message));
      } else {
        setError(t['bo.error.network']);
      }
    }
    setBusy(false);
  };

  if (checking) return <p className="py-6 text-center text-sm text-slate-500" role="status">{t['bo.loading']}</p>;
  const canSubmit = !busy && username.trim() !== '' && password !== '' && (!needTotp || /^\d{6}$/.test(totp));
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); if (canSubmit) void submit(); }} data-testid="bo-login">
      <h1 className="mb-5 text-xl font-bold text-brand-800">{t['bo.login.title']}</h1>
      {error && <Banner kind="error">{error}</Banner>}
      <label className="mb-4 block">
        <span className={cls.label}>{t['bo.login.username']}</span>
        <input name="username" autoComplete="username" value={username} maxLength={32} autoFocus
          onChange={(e) => setUsername(e.target.value)} aria-invalid={!!fields.username} className={`${cls.input} w-full`} />
        {fields.username && <span className={cls.fieldError}>{fields.username}</span>}
      </label>
      <label className="mb-4 block">
        <span className={cls.label}>{t['bo.login.password']}</span>
        <input name="password" type="password" autoComplete="current-password" value={password} maxLength={128}
          onChange={(e) => setPassword(e.target.value)} aria-invalid={!!fields.password} className={`${cls.input} w-full`} />
        {fields.password && <span className={cls.fieldError}>{fields.password}</span>}
      </label>
      {needTotp && (
        <label className="mb-4 block">
          <span className={cls.label}>{t['bo.login.totp']}</span>
          <input ref={totpRef} name="totp" inputMode="numeric" autoComplete="one-time-code" value={totp} maxLength={6}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))} aria-invalid={!!fields.totp}
            className={`${cls.input} w-full font-mono tracking-[0.4em]`} />
          <span className="mt-1 block text-xs text-slate-500">{t['bo.login.totp_hint']}</span>
          {fields.totp && <span className={cls.fieldError} role="alert">{fields.totp}</span>}
        </label>
      )}
      <button type="submit" disabled={!canSubmit} className={`${cls.btn} mt-2 w-full`}>
        {busy ? t['bo.login.submitting'] : t['bo.login.submit']}
      </button>
    </form>
  );
}
