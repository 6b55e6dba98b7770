// The account forms (recovery, phone login, password and avatar changes), shared by the desktop dialogs and the mobile pages: password recovery in
// three steps, the phone-code login, the signed-in password change and the avatar picker.
import { useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { useStore } from '@nanostores/react';
import { api, ApiFailure } from '../../stores/api.ts';
import { issuesToFields } from '../../shared/schemas/auth.ts';
import { AVATARS, accountPhoneSchema, changePasswordSchema, phoneLoginSchema, updateByForgetSchema, verifyCodeSchema } from '../../shared/schemas/account.ts';
import { $user, loadUser, setToken } from '../../stores/session.ts';
import { showAlert } from '../../stores/ui.ts';
import { FIRST_REGISTRATION_KEY, FORGET_PHONE_KEY } from '../../stores/account.ts';
import { tr } from '../common/messages.ts';
import { ACCOUNT_FORM_KEYS } from './keys.ts';

/** The phone-code login's redirect delay (SPEC.md section 9). */
const PHONE_LOGIN_REDIRECT_MS = 1000;

export type AccountT = Record<(typeof ACCOUNT_FORM_KEYS)[number], string>;

type Errors = Record<string, string | undefined>;

/** Runs a call; field errors land under their fields, anything else in a popup (SPEC.md section 8). */
async function call<T>(t: AccountT, setErrors: (e: Errors) => void, run: () => Promise<T>): Promise<T | undefined> {
  setErrors({});
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiFailure && err.body?.error) {
      const { modal, ...fields } = err.body.error;
      const mapped: Errors = {};
      for (const [k, list] of Object.entries(fields)) if (list?.length) mapped[k] = list.join(' ');
      setErrors(mapped);
      if (modal?.length || !Object.keys(mapped).length) showAlert(modal?.join('\n') || err.message);
    } else {
      showAlert(err instanceof Error ? err.message : tr(t, 'error.generic'));
    }
    return undefined;
  }
}

/** Checks a form against its shared schema; answers the translated first message per field. */
function check(t: AccountT, schema: v.GenericSchema, data: unknown): Errors {
  const result = v.safeParse(schema, data);
  if (result.success) return {};
  const out: Errors = {};
  for (const [k, keys] of Object.entries(issuesToFields(result.issues))) out[k] = tr(t, keys[0]!);
  return out;
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password' | 'tel';
  inputMode?: 'numeric' | 'tel';
  maxLength?: number;
  autoComplete?: string;
  children?: ReactNode;
}) {
  const id = `acct-${props.name}`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          value={props.value}
          maxLength={props.maxLength ?? 20}
          autoComplete={props.autoComplete}
          aria-invalid={!!props.error}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          className="h-10 min-w-0 flex-1 rounded border border-slate-300 px-3 text-slate-900 focus:border-brand-500 focus:outline-none"
        />
        {props.children}
      </div>
      {props.error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Password recovery, steps 0 (account and phone), 1 (code) and 2 (new password), with previous from 1 and 2. */
export function ForgotPasswordForm({ t, onDone }: { t: AccountT; onDone: () => void }) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [account, setAccount] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [ticket, setTicket] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const [stillValid, setStillValid] = useState(false);
  // Within the minute between two messages the earlier code stays the one to use, and the step says so.
  const sendCode = async () => {
    const sent = await call(t, setErrors, () => api('POST /auth/sendPhoneVerification', { body: { account, phone }, quiet403: true }));
    if (sent) setStillValid(sent.code_still_valid);
    return sent;
  };

  const step0 = () =>
    run(async () => {
      const found = check(t, accountPhoneSchema, { account, phone });
      if (Object.keys(found).length) return setErrors(found);
      if ((await call(t, setErrors, () => api('POST /auth/ifPlayerExist', { body: { account, phone }, quiet403: true }))) === undefined) return;
      if ((await sendCode()) === undefined) return;
      setCode('');
      setStep(1);
    });
  const step1 = () =>
    run(async () => {
      const found = check(t, verifyCodeSchema, { account, phone, code });
      if (Object.keys(found).length) return setErrors(found);
      const data = await call(t, setErrors, () => api('POST /auth/verifyPhoneCode', { body: { account, phone, code }, quiet403: true }));
      if (!data) return;
      setTicket(data.ticket);
      setStep(2);
    });
  const step2 = () =>
    run(async () => {
      const body = { account, phone, password, password_confirm: confirm, ticket };
      const found = check(t, updateByForgetSchema, body);
      if (Object.keys(found).length) return setErrors(found);
      if ((await call(t, setErrors, () => api('PUT /auth/updatePasswordByForget', { body, quiet403: true }))) === undefined) return;
      // The form clears: nothing of the recovery stays in the page.
      setAccount('');
      setPhone('');
      setCode('');
      setPassword('');
      setConfirm('');
      setTicket('');
      setStep(0);
      showAlert(t['account.forgot.done']);
      onDone();
    });
  const previous = () => {
    setErrors({});
    setStep(step === 2 ? 1 : 0);
  };
  const steps = [t['account.forgot.step_account'], t['account.forgot.step_code'], t['account.forgot.step_password']];

  return (
    <form
      noValidate
      data-testid="forgot-form"
      data-step={step}
      onSubmit={(e) => {
        e.preventDefault();
        void [step0, step1, step2][step]();
      }}
    >
      <ol className="mb-4 flex gap-2 text-xs">
        {steps.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={`flex-1 rounded px-2 py-1 text-center ${i === step ? 'bg-brand-600 text-white' : i < step ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-500'}`}
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      {step === 0 && (
        <>
          <Field label={t['account.forgot.account']} name="account" value={account} onChange={setAccount} error={errors.account} autoComplete="username" />
          <Field
            label={t['account.forgot.phone']}
            name="phone"
            type="tel"
            inputMode="tel"
            maxLength={10}
            value={phone}
            onChange={setPhone}
            error={errors.phone}
            autoComplete="tel"
          />
        </>
      )}
      {step === 1 && (
        <>
          <p className="mb-3 text-sm text-slate-600" data-testid="forgot-code-note">
            {stillValid ? t['account.sms.still_valid'] : t['account.forgot.code_sent'].replace('{phone}', `${phone.slice(0, 4)}***${phone.slice(-3)}`)}
          </p>
          <Field
            label={t['account.forgot.code']}
            name="code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={setCode}
            error={errors.code}
            autoComplete="one-time-code"
          >
            <button
              type="button"
              className="btn-secondary h-10 px-3 text-sm"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await sendCode();
                })
              }
            >
              {t['account.forgot.resend']}
            </button>
          </Field>
        </>
      )}
      {step === 2 && (
        <>
          <Field
            label={t['account.forgot.password']}
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            autoComplete="new-password"
          />
          <Field
            label={t['account.forgot.password_confirm']}
            name="password_confirm"
            type="password"
            value={confirm}
            onChange={setConfirm}
            error={errors.password_confirm}
            autoComplete="new-password"
          />
          {errors.ticket && (
            <p role="alert" className="mb-3 text-sm text-red-600">
              {errors.ticket}
            </p>
          )}
        </>
      )}
      <div className="mt-4 flex gap-3">
        {step > 0 && (
          <button type="button" className="btn-secondary flex-1" onClick={previous} disabled={busy}>
            {t['account.forgot.previous']}
          </button>
        )}
        <button type="submit" className="btn-primary flex-1 disabled:opacity-60" disabled={busy} data-testid="forgot-submit">
          {busy ? t['common.submitting'] : step === 2 ? t['account.forgot.submit'] : t['account.forgot.next']}
        </button>
      </div>
    </form>
  );
}

/** The phone-code login: the phone is the account and the SMS code the password (SPEC.md section 4). */
export function PhoneLoginForm({ t, homePath, initialPhone = '' }: { t: AccountT; homePath: string; initialPhone?: string }) {
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (busy) return;
    const found = check(t, phoneLoginSchema, { phone, code: '000000' });
    if (found.phone) return setErrors(found);
    setBusy(true);
    const ok = await call(t, setErrors, () => api('POST /auth/sendPhoneVerification', { body: { phone }, quiet403: true }));
    setBusy(false);
    if (ok !== undefined) setSent(true);
  };
  const submit = async () => {
    if (busy) return;
    const found = check(t, phoneLoginSchema, { phone, code });
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    const data = await call(t, setErrors, () => api('POST /auth/phoneLogin', { body: { phone, code }, quiet403: true }));
    if (!data) return setBusy(false);
    setToken(data.access_token);
    try {
      localStorage.setItem(FIRST_REGISTRATION_KEY, '1');
      localStorage.removeItem(FORGET_PHONE_KEY);
    } catch {
      // Storage may be refused; the login stands.
    }
    await loadUser();
    setTimeout(() => window.location.assign(homePath), PHONE_LOGIN_REDIRECT_MS);
  };
  return (
    <form
      noValidate
      data-testid="phone-login-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field
        label={t['account.phone_login.phone']}
        name="phone"
        type="tel"
        inputMode="tel"
        maxLength={10}
        value={phone}
        onChange={setPhone}
        error={errors.phone}
        autoComplete="tel"
      >
        <button
          type="button"
          className="btn-secondary h-10 whitespace-nowrap px-3 text-sm"
          disabled={busy}
          onClick={() => void send()}
          data-testid="phone-send-code"
        >
          {sent ? t['account.forgot.resend'] : t['account.forgot.send_code']}
        </button>
      </Field>
      {sent && (
        <p className="-mt-2 mb-3 text-xs text-slate-500" role="status">
          {t['account.phone_login.sent']}
        </p>
      )}
      <Field
        label={t['account.phone_login.code']}
        name="code"
        inputMode="numeric"
        maxLength={6}
        value={code}
        onChange={setCode}
        error={errors.code}
        autoComplete="one-time-code"
      />
      <button type="submit" className="btn-primary mt-2 w-full disabled:opacity-60" disabled={busy} data-testid="phone-login-submit">
        {busy ? t['common.submitting'] : t['account.phone_login.submit']}
      </button>
    </form>
  );
}

/** The signed-in change of /update-password and the member centre. */
export function ChangePasswordForm({ t, onDone }: { t: AccountT; onDone?: () => void }) {
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    const body = { old_password: old, password, password_confirm: confirm };
    const found = check(t, changePasswordSchema, body);
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    const ok = await call(t, setErrors, () => api('PUT /auth/password', { body, quiet403: true }));
    setBusy(false);
    if (ok === undefined) return;
    setOld('');
    setPassword('');
    setConfirm('');
    await loadUser();
    // A forced change moves on at once (onDone); otherwise the page says it worked.
    if (onDone) onDone();
    else showAlert(t['account.change.done']);
  };
  return (
    <form
      noValidate
      data-testid="change-password-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field
        label={t['account.change.old']}
        name="old_password"
        type="password"
        value={old}
        onChange={setOld}
        error={errors.old_password}
        autoComplete="current-password"
      />
      <Field
        label={t['account.change.new']}
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
      />
      <Field
        label={t['account.change.confirm']}
        name="password_confirm"
        type="password"
        value={confirm}
        onChange={setConfirm}
        error={errors.password_confirm}
        autoComplete="new-password"
      />
      <button type="submit" className="btn-primary mt-2 w-full disabled:opacity-60" disabled={busy} data-testid="change-password-submit">
        {busy ? t['common.submitting'] : t['account.change.submit']}
      </button>
    </form>
  );
}

/** The 15 preset avatars; saving closes the dialog, says 'Successfully modified' and reloads the user. */
export function AvatarPicker({ t, onDone }: { t: AccountT; onDone: () => void }) {
  const user = useStore($user);
  const [chosen, setChosen] = useState(user?.avatar ?? AVATARS[0]!);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (busy) return;
    setBusy(true);
    const ok = await call(
      t,
      () => undefined,
      () => api('PUT /auth/update', { body: { avatar: chosen }, quiet403: true }),
    );
    setBusy(false);
    if (ok === undefined) return;
    onDone();
    showAlert(t['account.avatar.done']);
    await loadUser();
  };
  return (
    <div data-testid="avatar-picker">
      <div className="grid grid-cols-5 gap-3" role="radiogroup" aria-label={t['account.avatar.title']}>
        {AVATARS.map((name) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={chosen === name}
            data-avatar={name}
            onClick={() => setChosen(name)}
            className={`rounded-full p-0.5 ${chosen === name ? 'ring-4 ring-gold-500' : 'ring-1 ring-slate-200 hover:ring-brand-400'}`}
          >
            <img src={`/avatars/${name}`} alt={name.replace('.svg', '')} width="56" height="56" className="h-14 w-14 rounded-full" />
          </button>
        ))}
      </div>
      <button type="button" className="btn-primary mt-5 w-full disabled:opacity-60" disabled={busy} onClick={() => void save()} data-testid="avatar-save">
        {busy ? t['common.submitting'] : t['account.avatar.save']}
      </button>
    </div>
  );
}
