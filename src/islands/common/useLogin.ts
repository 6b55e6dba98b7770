// The login form's state machine of SPEC.md section 4, shared by the desktop header and the mobile dialog.
import { deviceHeaders } from '../../lib/fingerprint.ts';
import { useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { loginSchema, issuesToFields } from '../../shared/schemas/auth.ts';
import { api, ApiFailure } from '../../stores/api.ts';
import { loadUser, rememberedAccount, setRememberedAccount, setToken } from '../../stores/session.ts';
import { showAlert } from '../../stores/ui.ts';
import { openIdentity } from '../../stores/account.ts';
import { tr } from './messages.ts';

export const LOGIN_KEYS = [
  'v.login.account.required',
  'v.login.password.required',
  'v.login.password.letters_digits',
  'm_login_enter_number_letter',
  'v.too_long',
  'error.login_locked',
  'error.generic',
] as const;

type Field = 'account' | 'password';

export function useLogin(opts: { t: Record<string, string>; memberPath: string; redirectDelayMs: number; onSuccess?: () => void }) {
  // The remembered account is filled in after mounting, so the first render matches the server's HTML.
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  useEffect(() => {
    const remembered = rememberedAccount();
    if (remembered) {
      setAccount((a) => a || remembered);
      setRemember(true);
    }
  }, []);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ account: false, password: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const clientErrors = useMemo(() => {
    const result = v.safeParse(loginSchema, { account, password });
    if (result.success) return {} as Partial<Record<Field, string>>;
    const fields = issuesToFields(result.issues);
    return { account: fields.account?.[0], password: fields.password?.[0] } as Partial<Record<Field, string>>;
  }, [account, password]);

  const errorOf = (field: Field): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const key = clientErrors[field];
    return key && touched[field] ? tr(opts.t, key) : undefined;
  };
  const canSubmit = !busy && account !== '' && password !== '' && !clientErrors.account && !clientErrors.password;

  async function submit() {
    setTouched({ account: true, password: true });
    if (!canSubmit) return;
    setBusy(true);
    setServerErrors({});
    try {
      const data = await api('POST /auth/login', { body: { account, password, rememberAccount: remember }, quiet403: true, headers: await deviceHeaders() });
      setToken(data.access_token);
      setRememberedAccount(remember ? account : null);
      setPassword('');
      await loadUser();
      opts.onSuccess?.();
      const settings = await api('GET /system/settings').catch(() => undefined);
      if (Number(settings?.location_after_login) === 1) {
        setTimeout(() => window.location.assign(opts.memberPath), opts.redirectDelayMs);
      }
    } catch (err) {
      if (err instanceof ApiFailure && err.body) {
        const e = err.body.error ?? {};
        // Too many wrong passwords: the identity check takes over (SPEC.md section 4).
        if (err.body.forget === 1) {
          openIdentity(err.body.phone ?? '');
          return;
        }
        setServerErrors({ account: e.account?.join(' '), password: e.password?.join(' ') });
        const modal = e.modal?.join('\n');
        if (modal || (!e.account && !e.password)) showAlert(modal || err.message);
      } else {
        showAlert(err instanceof Error ? err.message : tr(opts.t, 'error.generic'));
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    account,
    password,
    remember,
    busy,
    canSubmit,
    errorOf,
    setAccount: (value: string) => {
      setAccount(value);
      setServerErrors((s) => ({ ...s, account: undefined }));
    },
    setPassword: (value: string) => {
      setPassword(value);
      setServerErrors((s) => ({ ...s, password: undefined }));
    },
    setRemember,
    blur: (field: Field) => setTouched((t) => ({ ...t, [field]: true })),
    submit,
  };
}
