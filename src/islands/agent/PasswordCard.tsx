// The partner's password: a first password (the one an operator handed over) must be replaced, so the card opens
// with a warning until it is; afterwards it stays folded on the dashboard.
import { useState } from 'react';
import { agentApi, setAgentSession, type AgentMe } from './api.ts';
import { Notice, errorText, fieldErrors, ui, type PortalT } from './common.tsx';

export const PASSWORD_KEYS = [
  'agent.pw.title', 'agent.pw.must', 'agent.pw.old', 'agent.pw.new', 'agent.pw.confirm', 'agent.pw.save', 'agent.pw.saved', 'agent.pw.mismatch', 'v.password.invalid',
] as const;
type T = Record<(typeof PASSWORD_KEYS)[number], string> & PortalT;

export function PasswordCard({ t, me }: { t: T; me: AgentMe }) {
  const [form, setForm] = useState({ old_password: '', new_password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Opened once for a first password; a successful change must not fold the card away over its own success message.
  const [startOpen] = useState(me.must_change_password);
  const save = async () => {
    const found: Record<string, string> = {};
    if (!/^[A-Za-z0-9]{6,12}$/.test(form.new_password) || !/(?=.*[A-Za-z])(?=.*\d)/.test(form.new_password)) found.new_password = t['v.password.invalid'];
    if (form.confirm !== form.new_password) found.confirm = t['agent.pw.mismatch'];
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await agentApi('PUT /password', { body: { old_password: form.old_password, new_password: form.new_password } });
      setForm({ old_password: '', new_password: '', confirm: '' });
      setNotice({ kind: 'success', text: t['agent.pw.saved'] });
      setAgentSession({ ...me, must_change_password: false });
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };
  const input = (name: keyof typeof form, label: string, autoComplete: string) => (
    <label className="block">
      <span className={ui.label}>{label}</span>
      <input name={name} type="password" value={form[name]} maxLength={64} autoComplete={autoComplete} className={ui.input} aria-invalid={!!errors[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
      {errors[name] && <span className={ui.fieldError} role="alert">{errors[name]}</span>}
    </label>
  );
  return (
    <details className={ui.card} open={startOpen || undefined} data-testid="password-card">
      <summary className="cursor-pointer text-base font-semibold text-brand-800">{t['agent.pw.title']}</summary>
      <div className="mt-3">
        {me.must_change_password && <Notice kind="info" testId="password-must">{t['agent.pw.must']}</Notice>}
        {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
        <form noValidate className="grid gap-3 sm:grid-cols-4 sm:items-start" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          {input('old_password', t['agent.pw.old'], 'current-password')}
          {input('new_password', t['agent.pw.new'], 'new-password')}
          {input('confirm', t['agent.pw.confirm'], 'new-password')}
          <button type="submit" className={`${ui.btn} sm:mt-6`} disabled={busy}>{t['agent.pw.save']}</button>
        </form>
      </div>
    </details>
  );
}
