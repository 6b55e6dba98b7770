// Staff sign-in: username and password, then the authenticator code when the account has one.
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../shared/constants.ts';
import { $boToken, setBoSession } from '../../../stores/backoffice.ts';
import { BoFailure, boApi, boPath, configureBo } from '../kit/api.ts';
import { Banner, cls } from '../kit/common.tsx';

export const LOGIN_KEYS = [
  'bo.login.title',
  'bo.login.username',
  'bo.login.password',
  'bo.login.totp',
  'bo.login.totp_hint',
  'bo.login.submit',
  'bo.login.submitting',
  'bo.error.network',
  'bo.loading',
  'bo.login.new_password',
  'bo.login.new_password_hint',
  'bo.login.totp_setup_hint',
  'bo.login.totp_setup_key',
] as const;

interface Props {
  t: Record<(typeof LOGIN_KEYS)[number], string>;
  locale: Locale;
}

export default function LoginForm({ t, locale }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needTotp, setNeedTotp] = useState(false);
  const [needNewPassword, setNeedNewPassword] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [setupSecret, setSetupSecret] = useState('');
  const [setupCode, setSetupCode] = useState('');
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
    boApi('GET /auth/me').then(
      () => window.location.replace(dashboard),
      () => setChecking(false),
    );
  }, []);
  useEffect(() => {
    if (needTotp) totpRef.current?.focus();
  }, [needTotp]);

  const submit = async () => {
    setBusy(true);
    setError('');
    setFields({});
    try {
      // A session, or the next step of a first sign-in (a new password, then an authenticator).
      const res = await boApi('POST /auth/login', {
        body: {
          username,
          password,
          ...(needTotp ? { totp } : {}),
          ...(needNewPassword && newPassword ? { new_password: newPassword } : {}),
          ...(setupSecret ? { totp_setup_code: setupCode } : {}),
        },
      });
      if (!('setup_required' in res)) {
        setBoSession(res.access_token, res.staff);
        window.location.assign(dashboard);
        return;
      }
      if (res.setup_required === 'password') {
        setNeedNewPassword(true);
      } else {
        // The new password is now the password.
        if (needNewPassword && newPassword) {
          setPassword(newPassword);
          setNeedNewPassword(false);
          setNewPassword('');
        }
        setSetupSecret(res.totp_secret);
      }
      setBusy(false);
      return;
    } catch (err) {
      if (err instanceof BoFailure) {
        const next: Record<string, string> = {};
        for (const name of ['username', 'password', 'totp', 'new_password', 'totp_setup_code']) {
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
        setError(Object.keys(next).length ? '' : err.body?.error?.modal?.join(' ') || err.message);
      } else {
        setError(t['bo.error.network']);
      }
    }
    setBusy(false);
  };

  if (checking)
    return (
      <p className="py-6 text-center text-sm text-slate-500" role="status">
        {t['bo.loading']}
      </p>
    );
  const canSubmit =
    !busy &&
    username.trim() !== '' &&
    password !== '' &&
    (!needTotp || /^\d{6}$/.test(totp)) &&
    (!needNewPassword || newPassword.length >= 8) &&
    (!setupSecret || /^\d{6}$/.test(setupCode));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit) void submit();
      }}
      data-testid="bo-login"
    >
      <h1 className="mb-5 text-xl font-bold text-brand-800">{t['bo.login.title']}</h1>
      {error && <Banner kind="error">{error}</Banner>}
      <label className="mb-4 block">
        <span className={cls.label}>{t['bo.login.username']}</span>
        <input
          name="username"
          autoComplete="username"
          value={username}
          maxLength={32}
          autoFocus
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={!!fields.username}
          className={`${cls.input} w-full`}
        />
        {fields.username && <span className={cls.fieldError}>{fields.username}</span>}
      </label>
      <label className="mb-4 block">
        <span className={cls.label}>{t['bo.login.password']}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={128}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!fields.password}
          className={`${cls.input} w-full`}
        />
        {fields.password && <span className={cls.fieldError}>{fields.password}</span>}
      </label>
      {needTotp && (
        <label className="mb-4 block">
          <span className={cls.label}>{t['bo.login.totp']}</span>
          <input
            ref={totpRef}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={totp}
            maxLength={6}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!fields.totp}
            className={`${cls.input} w-full font-mono tracking-[0.4em]`}
          />
          <span className="mt-1 block text-xs text-slate-500">{t['bo.login.totp_hint']}</span>
          {fields.totp && (
            <span className={cls.fieldError} role="alert">
              {fields.totp}
            </span>
          )}
        </label>
      )}
      {needNewPassword && (
        <label className="mb-4 block">
          <span className={cls.label}>{t['bo.login.new_password']}</span>
          <input
            name="new_password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            maxLength={128}
            autoFocus
            onChange={(e) => setNewPassword(e.target.value)}
            aria-invalid={!!fields.new_password}
            className={`${cls.input} w-full`}
          />
          <span className="mt-1 block text-xs text-slate-500">{t['bo.login.new_password_hint']}</span>
          {fields.new_password && (
            <span className={cls.fieldError} role="alert">
              {fields.new_password}
            </span>
          )}
        </label>
      )}
      {setupSecret && (
        <div className="mb-4" data-testid="bo-totp-setup">
          <p className="mb-2 text-xs text-slate-600">{t['bo.login.totp_setup_hint']}</p>
          <label className="mb-3 block">
            <span className={cls.label}>{t['bo.login.totp_setup_key']}</span>
            <input
              readOnly
              value={setupSecret.replace(/(.{4})/g, '$1 ').trim()}
              className={`${cls.input} w-full font-mono`}
              onFocus={(e) => e.target.select()}
            />
          </label>
          <label className="block">
            <span className={cls.label}>{t['bo.login.totp']}</span>
            <input
              name="totp_setup_code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={setupCode}
              maxLength={6}
              autoFocus
              onChange={(e) => setSetupCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={!!fields.totp_setup_code}
              className={`${cls.input} w-full font-mono tracking-[0.4em]`}
            />
            {fields.totp_setup_code && (
              <span className={cls.fieldError} role="alert">
                {fields.totp_setup_code}
              </span>
            )}
          </label>
        </div>
      )}
      <button type="submit" disabled={!canSubmit} className={`${cls.btn} mt-2 w-full`}>
        {busy ? t['bo.login.submitting'] : t['bo.login.submit']}
      </button>
    </form>
  );
}
