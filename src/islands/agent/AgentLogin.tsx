// The portal's sign-in: account and password, then the authenticator code when the partner enrolled one.
import { deviceHeaders } from '../../lib/fingerprint.ts';
import { useEffect, useRef, useState } from 'react';
import { agentApi, configureAgent, setAgentSession } from './api.ts';
import { Notice, PORTAL_KEYS, errorText, fieldErrors, ui, type AgentIslandProps } from './common.tsx';
import { agentPath } from './paths.ts';

export const AGENT_LOGIN_KEYS = [
  ...PORTAL_KEYS,
  'agent.login.title',
  'agent.login.account',
  'agent.login.password',
  'agent.login.totp',
  'agent.login.totp_hint',
  'agent.login.submit',
  'agent.login.submitting',
  'agent.login.apply',
  'agent.login.required',
] as const;
type K = (typeof AGENT_LOGIN_KEYS)[number];

export default function AgentLogin({ t, locale, variant, applyHref }: AgentIslandProps<K> & { applyHref: string }) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needTotp, setNeedTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const totpRef = useRef<HTMLInputElement>(null);
  const home = agentPath(locale, variant, 'dashboard');

  useEffect(() => {
    configureAgent(locale, t['agent.error.network']);
    // Already signed in on this browser: straight to the dashboard.
    agentApi('GET /me').then(
      () => window.location.replace(home),
      () => setChecking(false),
    );
  }, []);
  useEffect(() => {
    if (needTotp) totpRef.current?.focus();
  }, [needTotp]);

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!account.trim()) missing.account = t['agent.login.required'];
    if (!password) missing.password = t['agent.login.required'];
    if (needTotp && !/^\d{6}$/.test(totp)) missing.totp = t['agent.login.totp_hint'];
    setFields(missing);
    setError('');
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      // The browser's fingerprint goes with the sign-in: a player registering from this device is the partner's own.
      const res = await agentApi('POST /login', { body: { account: account.trim(), password, ...(needTotp ? { totp } : {}) }, headers: await deviceHeaders() });
      if (res.totp_required || !res.partner) {
        setNeedTotp(true);
        setBusy(false);
        return;
      }
      setAgentSession(res.partner);
      window.location.assign(home);
      return;
    } catch (err) {
      const byField = fieldErrors(err);
      setFields(byField);
      setError(Object.keys(byField).length ? '' : errorText(err, t));
    }
    setBusy(false);
  };

  if (checking)
    return (
      <p className="py-6 text-center text-sm text-slate-500" role="status">
        {t['agent.loading']}
      </p>
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="agent-login"
    >
      <h1 className="mb-5 text-xl font-bold text-brand-800">{t['agent.login.title']}</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <label className="mb-4 block">
        <span className={ui.label}>{t['agent.login.account']}</span>
        <input
          name="account"
          autoComplete="username"
          value={account}
          maxLength={12}
          autoFocus
          className={ui.input}
          onChange={(e) => setAccount(e.target.value)}
          aria-invalid={!!fields.account}
        />
        {fields.account && <span className={ui.fieldError}>{fields.account}</span>}
      </label>
      <label className="mb-4 block">
        <span className={ui.label}>{t['agent.login.password']}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={64}
          className={ui.input}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!fields.password}
        />
        {fields.password && <span className={ui.fieldError}>{fields.password}</span>}
      </label>
      {needTotp && (
        <label className="mb-4 block">
          <span className={ui.label}>{t['agent.login.totp']}</span>
          <input
            ref={totpRef}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={totp}
            maxLength={6}
            className={ui.input}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!fields.totp}
          />
          <span className="mt-1 block text-xs text-slate-500">{t['agent.login.totp_hint']}</span>
          {fields.totp && <span className={ui.fieldError}>{fields.totp}</span>}
        </label>
      )}
      <button type="submit" className={`${ui.btn} w-full`} disabled={busy} data-testid="agent-login-submit">
        {busy ? t['agent.login.submitting'] : t['agent.login.submit']}
      </button>
      <p className="mt-5 text-center text-sm text-slate-500">
        <a href={applyHref} className="text-brand-700 underline">
          {t['agent.login.apply']}
        </a>
      </p>
    </form>
  );
}
