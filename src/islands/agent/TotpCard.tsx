// The partner's authenticator: turned on by scanning the server-drawn QR (or typing the secret) and proving it with one
// code, turned off with a current code. The secret is shown once, right after setup, and never read back later.
import { useState } from 'react';
import { agentApi, setAgentSession, type AgentMe } from './api.ts';
import { Notice, errorText, fieldErrors, ui, type PortalT } from './common.tsx';

export const TOTP_KEYS = [
  'agent.totp.title',
  'agent.totp.on',
  'agent.totp.off',
  'agent.totp.setup',
  'agent.totp.scan',
  'agent.totp.secret',
  'agent.totp.code',
  'agent.totp.enable',
  'agent.totp.disable',
  'agent.totp.enabled',
  'agent.totp.disabled',
  'agent.totp.code_hint',
  'agent.totp.qr_alt',
  'agent.totp.cancel',
] as const;
type T = Record<(typeof TOTP_KEYS)[number], string> & PortalT;

interface Setup {
  secret: string;
  qr_data_url: string;
}

export function TotpCard({ t, me }: { t: T; me: AgentMe }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown) => {
    const fields = fieldErrors(err);
    if (fields.code) setCodeError(fields.code);
    else setNotice({ kind: 'error', text: errorText(err, t) });
  };
  const refresh = async () => {
    setAgentSession(await agentApi('GET /me'));
  };
  const start = async () => {
    setBusy(true);
    setNotice(null);
    setCodeError('');
    try {
      const s = await agentApi('POST /totp/setup');
      setSetup({ secret: s.secret, qr_data_url: s.qr_data_url });
      setCode('');
    } catch (err) {
      fail(err);
    }
    setBusy(false);
  };
  const submit = async (action: 'enable' | 'disable') => {
    setNotice(null);
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t['agent.totp.code_hint']);
      return;
    }
    setCodeError('');
    setBusy(true);
    try {
      await agentApi(action === 'enable' ? 'POST /totp/enable' : 'POST /totp/disable', { body: { code } });
      setSetup(null);
      setCode('');
      setNotice({ kind: 'success', text: t[action === 'enable' ? 'agent.totp.enabled' : 'agent.totp.disabled'] });
      await refresh().catch(() => setAgentSession({ ...me, totp_enabled: action === 'enable' }));
    } catch (err) {
      fail(err);
    }
    setBusy(false);
  };

  const codeField = (
    <label className="block">
      <span className={ui.label}>{t['agent.totp.code']}</span>
      <input
        name="totp_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        maxLength={6}
        className={ui.input}
        aria-invalid={!!codeError}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      {codeError && (
        <span className={ui.fieldError} role="alert">
          {codeError}
        </span>
      )}
    </label>
  );
  return (
    <section className={ui.card} data-testid="totp-card">
      <h2 className={ui.h2}>{t['agent.totp.title']}</h2>
      <p className="mb-3 text-sm text-slate-600" data-testid="totp-state">
        {me.totp_enabled ? t['agent.totp.on'] : t['agent.totp.off']}
      </p>
      {notice && (
        <Notice kind={notice.kind} testId="totp-notice">
          {notice.text}
        </Notice>
      )}
      {me.totp_enabled ? (
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[16rem_auto] sm:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            void submit('disable');
          }}
        >
          {codeField}
          <button type="submit" className={`${ui.btnGhost} sm:mt-6`} disabled={busy} data-testid="totp-disable">
            {t['agent.totp.disable']}
          </button>
        </form>
      ) : setup ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">{t['agent.totp.scan']}</p>
          <img
            src={setup.qr_data_url}
            alt={t['agent.totp.qr_alt']}
            width={180}
            height={180}
            className="h-[180px] w-[180px] rounded border border-slate-200"
            data-testid="totp-qr"
          />
          <p className="text-sm">
            <span className="text-slate-500">{t['agent.totp.secret']} </span>
            <code className="break-all font-mono text-slate-900" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <form
            noValidate
            className="grid gap-3 sm:grid-cols-[16rem_auto_auto] sm:items-start"
            onSubmit={(e) => {
              e.preventDefault();
              void submit('enable');
            }}
          >
            {codeField}
            <button type="submit" className={`${ui.btn} sm:mt-6`} disabled={busy} data-testid="totp-enable">
              {t['agent.totp.enable']}
            </button>
            <button
              type="button"
              className={`${ui.btnGhost} sm:mt-6`}
              disabled={busy}
              onClick={() => {
                setSetup(null);
                setCodeError('');
              }}
            >
              {t['agent.totp.cancel']}
            </button>
          </form>
        </div>
      ) : (
        <button type="button" className={ui.btn} disabled={busy} onClick={() => void start()} data-testid="totp-setup">
          {t['agent.totp.setup']}
        </button>
      )}
    </section>
  );
}
