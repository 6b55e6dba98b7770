// The registration form of SPEC.md sections 4 and 5, for the desktop page and the mobile page.
import { deviceHeaders } from '../../lib/fingerprint.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { registerSchema, issuesToFields } from '../../shared/schemas/auth.ts';
import { cameFrom } from '../../lib/came-from.ts';
import { api, ApiFailure, configureApi } from '../../stores/api.ts';
import { $sessionReady, $signedIn, loadUser, setToken, startSession } from '../../stores/session.ts';
import { $token } from '../../stores/auth-state.ts';
import { $loginDialog, showAlert, showConfirm } from '../../stores/ui.ts';
import { STORAGE, type Locale } from '../../shared/constants.ts';
// Dialogs open through the ui store and show in the page's one dialog host (the header or the mobile footer).
import { DIALOG_KEYS } from '../shell/DialogHost.tsx';
import { tr } from '../common/messages.ts';

export const REGISTER_KEYS = [
  ...DIALOG_KEYS,
  'register.account',
  'register.account_hint',
  'register.password',
  'register.password_hint',
  'register.password_confirm',
  'register.phone',
  'register.phone_hint',
  'register.code',
  'register.send_code',
  'register.resend_in',
  'register.code_sent',
  'register.recommended_code',
  'register.agreement',
  'register.submit',
  'register.submitting',
  'register.have_account',
  'register.success_title',
  'register.success_deposit',
  'protection.register_hint',
  'register.go_deposit',
  'register.later',
  'common.show_password',
  'common.hide_password',
  'header.login',
  'error.network',
  'error.generic',
  'v.account.required',
  'v.account.invalid',
  'v.password.required',
  'v.password.invalid',
  'v.password_confirm.required',
  'v.password_confirm.different',
  'v.phone.required',
  'v.phone.invalid',
  'v.code.required',
  'v.code.invalid',
  'v.code.not_requested',
  'v.agreement.required',
  'v.recommend_code.invalid',
  'v.too_long',
  'confirm_enter_phone',
] as const;
type T = Record<(typeof REGISTER_KEYS)[number], string>;

type Field = 'account' | 'password' | 'password_confirm' | 'phone' | 'code' | 'recommended_code' | 'agreement';
const FIELDS: Field[] = ['account', 'password', 'password_confirm', 'phone', 'code', 'recommended_code', 'agreement'];

interface Props {
  t: T;
  locale: Locale;
  rules: { needSms: boolean; needAge: boolean; showRecommend: boolean };
  paths: { home: string; deposit: string; login: string };
  variant: 'desktop' | 'mobile';
}

const SMS_GAP_S = 60;

export default function RegisterForm({ t, locale, rules, paths, variant }: Props) {
  const [values, setValues] = useState({ account: '', password: '', password_confirm: '', phone: '', code: '', recommended_code: '' });
  const [agreement, setAgreement] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [codeRequested, setCodeRequested] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);

  // A player already signed in (a partner's link sends everyone here) has an account: they go home instead of being
  // offered a second one. Decided on the session the page opened with, so registering here does not trigger it.
  useEffect(() => {
    if (!$token.get()) return;
    const stop = $sessionReady.subscribe((ready) => {
      if (!ready) return;
      if ($signedIn.get()) window.location.replace(paths.home);
      queueMicrotask(() => stop());
    });
    return stop;
  }, []);

  useEffect(() => {
    configureApi(locale, t['error.network']);
    startSession();
    // A referral link (?p=CODE) is kept, so the code survives a detour before registering.
    const fromQuery = new URLSearchParams(window.location.search).get('p');
    try {
      if (fromQuery) localStorage.setItem(STORAGE.referralCode, fromQuery.slice(0, 16));
      const stored = localStorage.getItem(STORAGE.referralCode);
      if (stored) setValues((s) => ({ ...s, recommended_code: stored }));
    } catch {
      if (fromQuery) setValues((s) => ({ ...s, recommended_code: fromQuery.slice(0, 16) }));
    }
  }, []);

  // What a visitor typed (or the browser autofilled) into the server-rendered form before this island hydrated
  // is taken into the state: React hydrates a controlled input without reading its value, and the form's next
  // render would write the state's empty value back over it (the account field emptied on a slow first load).
  // Runs after the referral effect above, so a code typed by hand wins over a remembered one.
  const formRef = useRef<HTMLFormElement>(null);
  // Until then the submit button is disabled, as the server renders it: the browser would otherwise send the
  // form itself, password included, in the address of a GET request.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<typeof values> = {};
    for (const f of Object.keys(values) as Array<keyof typeof values>) {
      const input = form.elements.namedItem(f);
      if (input instanceof HTMLInputElement && input.value !== '') typed[f] = input.value;
    }
    if (Object.keys(typed).length) setValues((s) => ({ ...s, ...typed }));
    const box = form.elements.namedItem('agreement');
    if (box instanceof HTMLInputElement && box.checked) setAgreement(true);
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (countdown <= 0) return;
    const id = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(id);
  }, [countdown]);

  const schema = useMemo(() => registerSchema({ needSms: rules.needSms, needAge: rules.needAge }), [rules.needSms, rules.needAge]);
  const payload = () => ({
    account: values.account,
    password: values.password,
    password_confirm: values.password_confirm,
    phone: values.phone,
    ...(rules.needSms ? { code: values.code } : {}),
    ...(rules.showRecommend && values.recommended_code ? { recommended_code: values.recommended_code } : {}),
    ...(rules.needAge ? { agreement } : {}),
  });
  const clientErrors = useMemo(() => {
    const result = v.safeParse(schema, payload());
    const out: Partial<Record<Field, string>> = {};
    if (!result.success) {
      const fields = issuesToFields(result.issues);
      for (const f of FIELDS) if (fields[f]) out[f] = tr(t, fields[f]![0]!);
    }
    if (rules.needSms && !out.code && !codeRequested && values.code === '') out.code = t['v.code.not_requested'];
    return out;
  }, [values, agreement, schema, codeRequested]);

  const errorOf = (f: Field) => serverErrors[f] ?? (touched[f] ? clientErrors[f] : undefined);
  const set = (f: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((s) => ({ ...s, [f]: e.target.value }));
    setServerErrors((s) => ({ ...s, [f]: undefined }));
  };
  const blur = (f: Field) => () => setTouched((s) => ({ ...s, [f]: true }));

  async function sendCode() {
    if (!values.phone) {
      setTouched((s) => ({ ...s, phone: true }));
      setServerErrors((s) => ({ ...s, phone: t.confirm_enter_phone }));
      return;
    }
    if (clientErrors.phone) {
      setTouched((s) => ({ ...s, phone: true }));
      return;
    }
    setSending(true);
    try {
      await api('PUT /send/phone', { body: { phone: values.phone } });
      setCodeRequested(true);
      setCountdown(SMS_GAP_S);
      setServerErrors((s) => ({ ...s, code: undefined }));
      showAlert(t['register.code_sent']);
    } catch (err) {
      if (err instanceof ApiFailure && err.body?.error?.phone) setServerErrors((s) => ({ ...s, phone: err.body!.error!.phone!.join(' ') }));
      else showAlert(err instanceof Error ? err.message : t['error.generic']);
    } finally {
      setSending(false);
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    const firstError = FIELDS.find((f) => clientErrors[f]);
    if (firstError) {
      // Looked up inside this form: the header's login form has fields of the same names.
      const field = e.currentTarget instanceof HTMLFormElement ? e.currentTarget.querySelector<HTMLElement>(`[name="${firstError}"]`) : null;
      field?.focus();
      return;
    }
    setBusy(true);
    setServerErrors({});
    try {
      const device = await deviceHeaders();
      await api('POST /auth/register', { body: payload(), quiet403: true, headers: device });
      try {
        localStorage.removeItem(STORAGE.referralCode);
      } catch {
        /* storage may be refused */
      }
      // Registration logs straight in with the same account and password (SPEC.md section 4).
      const login = await api('POST /auth/login', { body: { account: values.account, password: values.password }, headers: device });
      setToken(login.access_token);
      await loadUser();
      showConfirm({
        title: t['register.success_title'],
        // The invitation to set a deposit limit: optional, on the responsible-gaming page.
        message: `${t['register.success_deposit']} ${t['protection.register_hint']}`,
        confirmText: t['register.go_deposit'],
        cancelText: t['register.later'],
        onConfirm: () => window.location.assign(paths.deposit),
        // Declining leaves the form for the page the player came from, signed in, rather than at the home page.
        onCancel: () => window.location.assign(cameFrom(paths.home)),
      });
    } catch (err) {
      if (err instanceof ApiFailure && err.body?.error) {
        const e2 = err.body.error;
        const mapped: Partial<Record<Field, string>> = {};
        for (const f of FIELDS) {
          const list = f === 'recommended_code' ? (e2.recommend_code ?? e2.recommended_code) : e2[f];
          if (list?.length) mapped[f] = list.join(' ');
        }
        setServerErrors(mapped);
        if (e2.modal?.length || !Object.keys(mapped).length) showAlert(e2.modal?.join('\n') || err.message);
      } else {
        showAlert(err instanceof Error ? err.message : t['error.generic']);
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (f: Exclude<Field, 'agreement'>, label: string, input: React.ReactNode, hint?: string) => {
    const error = errorOf(f);
    return (
      <div className="mb-4">
        <label htmlFor={`reg-${f}`} className="field-label">
          {label}
        </label>
        {input}
        {error ? (
          <p id={`reg-${f}-error`} role="alert" className="field-error" data-testid={`error-${f}`}>
            {error}
          </p>
        ) : hint ? (
          <p className="mt-1 text-xs text-slate-500">{hint}</p>
        ) : null}
      </div>
    );
  };
  const inputProps = (f: keyof typeof values, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => ({
    id: `reg-${f}`,
    name: f,
    value: values[f],
    onChange: set(f),
    onBlur: blur(f),
    className: 'field-input',
    'aria-invalid': !!errorOf(f),
    'aria-describedby': errorOf(f) ? `reg-${f}-error` : undefined,
    maxLength: 20,
    ...extra,
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      className={variant === 'desktop' ? 'mx-auto max-w-[480px]' : ''}
      data-testid="register-form"
    >
      {field('account', t['register.account'], <input {...inputProps('account', { autoComplete: 'username', maxLength: 12 })} />, t['register.account_hint'])}
      {field(
        'password',
        t['register.password'],
        <div className="relative">
          <input {...inputProps('password', { type: showPassword ? 'text' : 'password', autoComplete: 'new-password', maxLength: 12 })} />
          <button
            type="button"
            onClick={() => setShowPassword((s) => !s)}
            className="absolute inset-y-0 right-0 flex min-w-6 items-center px-2 text-xs text-brand-600"
            aria-label={showPassword ? t['common.hide_password'] : t['common.show_password']}
          >
            {showPassword ? t['common.hide_password'] : t['common.show_password']}
          </button>
        </div>,
        t['register.password_hint'],
      )}
      {field(
        'password_confirm',
        t['register.password_confirm'],
        <input {...inputProps('password_confirm', { type: showPassword ? 'text' : 'password', autoComplete: 'new-password', maxLength: 12 })} />,
      )}
      {field(
        'phone',
        t['register.phone'],
        <input {...inputProps('phone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', maxLength: 10 })} />,
        t['register.phone_hint'],
      )}
      {rules.needSms &&
        field(
          'code',
          t['register.code'],
          <div className="flex gap-2">
            <input {...inputProps('code', { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 })} />
            <button
              type="button"
              onClick={() => void sendCode()}
              disabled={sending || countdown > 0}
              className="btn-secondary shrink-0 whitespace-nowrap disabled:opacity-60"
              data-testid="send-code"
            >
              {countdown > 0 ? t['register.resend_in'].replace('{s}', String(countdown)) : t['register.send_code']}
            </button>
          </div>,
        )}
      {rules.showRecommend && field('recommended_code', t['register.recommended_code'], <input {...inputProps('recommended_code', { maxLength: 16 })} />)}
      {rules.needAge && (
        <div className="mb-4">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="agreement"
              checked={agreement}
              className="mt-1"
              onChange={(e) => {
                setAgreement(e.target.checked);
                setTouched((s) => ({ ...s, agreement: true }));
              }}
              aria-invalid={!!errorOf('agreement')}
            />
            <span>{t['register.agreement']}</span>
          </label>
          {errorOf('agreement') && (
            <p role="alert" className="field-error" data-testid="error-agreement">
              {errorOf('agreement')}
            </p>
          )}
        </div>
      )}
      <button type="submit" disabled={busy || !hydrated} className="btn-primary h-11 w-full text-base disabled:opacity-60" data-testid="register-submit">
        {busy ? t['register.submitting'] : t['register.submit']}
      </button>
      <p className="mt-4 text-center text-sm text-slate-600">
        {t['register.have_account']}{' '}
        <a
          href={paths.login}
          className="text-brand-600 underline"
          onClick={(e) => {
            // The login form lives in the header on desktop and in a dialog on mobile.
            e.preventDefault();
            if (variant === 'mobile') $loginDialog.set(true);
            else document.querySelector<HTMLInputElement>('header input[name="account"]')?.focus();
          }}
        >
          {t['header.login']}
        </a>
      </p>
    </form>
  );
}
