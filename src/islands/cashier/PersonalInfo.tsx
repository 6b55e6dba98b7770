// Personal info (desktop /member/user-info, mobile /mobile/f-mine/info): real name, gender and birthday
// (SPEC.md section 5: all required, 18 or older). Once filled in they are read-only unless the operator
// allows edits (allow_player_edit_information); the server answers 403 then, and the form says so.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { api, ApiFailure } from '../../stores/api.ts';
import { $sessionReady, $user, loadUser } from '../../stores/session.ts';
import { ageOn, personalInfoBody } from '../../shared/schemas/cashier.ts';
import { MIN_AGE_YEARS, type Locale } from '../../shared/constants.ts';
import { CASHIER_ERROR_KEYS, Fact, loadSettings, schemaErrors, type CashierVariant } from './common.tsx';
import { ErrorBox, LOGIN_NEEDED_KEYS, LoginNeeded, Spinner } from '../kit/status.tsx';
import { errorText, serverFieldErrors, useCall } from '../kit/calls.ts';
import { taipeiDay } from '../kit/dates.ts';
import { usePageSetup } from '../kit/page.ts';

export const PERSONAL_INFO_KEYS = [
  ...CASHIER_ERROR_KEYS,
  ...LOGIN_NEEDED_KEYS,
  'ux.login.info',
  'cashier.real_name.required',
  'cashier.gender.required',
  'cashier.birthday.required',
  'cashier.birthday.under_age',
  'v.too_long',
  'cashier.ui.loading',
  'cashier.ui.retry',
  'cashier.ui.info_title',
  'cashier.ui.account',
  'cashier.ui.phone',
  'cashier.ui.real_name',
  'cashier.ui.real_name_hint',
  'cashier.ui.gender',
  'cashier.ui.gender.male',
  'cashier.ui.gender.female',
  'cashier.ui.gender.other',
  'cashier.ui.birthday',
  'cashier.ui.save_info',
  'cashier.ui.submitting',
  'cashier.ui.info_locked',
  'cashier.ui.info_on_file',
  'cashier.ui.info_saved',
  'cashier.ui.info_once',
] as const;
type T = Record<(typeof PERSONAL_INFO_KEYS)[number], string>;

type Field = 'real_name' | 'gender' | 'birthday';
/** What /auth/me may carry of the personal info; older servers send none of it. */
interface InfoFields {
  real_name?: string;
  gender?: string;
  birthday?: string;
}

interface Props {
  t: T;
  locale: Locale;
  variant: CashierVariant;
  paths: { home: string };
}

export default function PersonalInfo({ t, locale, variant, paths }: Props) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const signedIn = !!user;
  // Whether a real name is on file: the withdrawal terms say so even where /auth/me does not carry it.
  const state = useCall(
    signedIn
      ? async () => {
          const [terms, settings] = await Promise.all([api('GET /finance/withdraw/terms'), loadSettings()]);
          return { filled: !terms.need_real_name, editable: !!Number(settings.allow_player_edit_information) } as {
            filled: boolean;
            editable: boolean;
            saved?: InfoFields;
            message?: string;
          };
        }
      : null,
    [signedIn],
    t,
  );

  let body;
  if (!ready) body = <Spinner label={t['cashier.ui.loading']} />;
  else if (!user) body = <LoginNeeded t={t} variant={variant} homePath={paths.home} message={t['ux.login.info']} />;
  else if (state.error) body = <ErrorBox message={state.error} retry={state.reload} retryLabel={t['cashier.ui.retry']} />;
  else if (!state.data) body = <Spinner label={t['cashier.ui.loading']} />;
  else {
    const info = { ...(user as unknown as InfoFields), ...state.data.saved };
    const locked = state.data.filled && !state.data.editable;
    body = (
      <>
        <dl className="mb-3 divide-y divide-slate-100">
          <Fact label={t['cashier.ui.account']} testId="info-account">
            {user.account}
          </Fact>
          {user.phone && <Fact label={t['cashier.ui.phone']}>{maskPhone(user.phone)}</Fact>}
        </dl>
        {state.data.message && (
          <p role="status" className="mb-3 rounded bg-emerald-50 px-3 py-2 text-sm text-emerald-700" data-testid="info-saved">
            {state.data.message}
          </p>
        )}
        {locked ? (
          <Locked t={t} info={info} />
        ) : (
          <InfoForm
            t={t}
            info={info}
            once={!state.data.editable}
            editable={state.data.editable}
            onSaved={(saved, message) => state.setData({ filled: true, editable: state.data!.editable, saved, message })}
            onLocked={() => state.setData({ filled: true, editable: false })}
          />
        )}
      </>
    );
  }
  return (
    <section className={variant === 'desktop' ? '' : 'rounded-lg bg-white p-4 shadow-sm'} data-testid="personal-info">
      <h2 className="mb-2 font-semibold text-brand-700">{t['cashier.ui.info_title']}</h2>
      {body}
    </section>
  );
}

function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 7)}${phone.slice(-3)}` : phone;
}

function genderText(t: T, g: string | undefined): string {
  return g === 'male' || g === 'female' || g === 'other' ? t[`cashier.ui.gender.${g}`] : '';
}

function Locked({ t, info }: { t: T; info: InfoFields }) {
  const known = !!info.real_name;
  return (
    <div data-testid="info-locked">
      {known && (
        <dl className="mb-3 divide-y divide-slate-100">
          <Fact label={t['cashier.ui.real_name']} testId="info-real-name">
            {info.real_name}
          </Fact>
          <Fact label={t['cashier.ui.gender']}>{genderText(t, info.gender)}</Fact>
          <Fact label={t['cashier.ui.birthday']}>{info.birthday}</Fact>
        </dl>
      )}
      <p className="rounded bg-slate-50 px-3 py-2 text-sm text-slate-600">{known ? t['cashier.ui.info_locked'] : t['cashier.ui.info_on_file']}</p>
    </div>
  );
}

function InfoForm({
  t,
  info,
  once,
  onSaved,
  onLocked,
}: {
  t: T;
  info: InfoFields;
  once: boolean;
  editable: boolean;
  onSaved: (saved: InfoFields, message: string) => void;
  onLocked: () => void;
}) {
  const [form, setForm] = useState<Record<Field, string>>({ real_name: info.real_name ?? '', gender: info.gender ?? '', birthday: info.birthday ?? '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = taipeiDay(0);
  const client: Partial<Record<Field, string>> = schemaErrors(personalInfoBody, form);
  if (!client.birthday && ageOn(form.birthday, new Date()) < MIN_AGE_YEARS) client.birthday = 'cashier.birthday.under_age';
  const errorOf = (f: Field) => server[f] || (touched[f] && client[f] ? (t[client[f] as keyof T] ?? client[f]) : undefined);
  const set = (f: Field, value: string) => {
    setForm((s) => ({ ...s, [f]: value }));
    setServer((s) => ({ ...s, [f]: undefined }));
  };
  const submit = async () => {
    setTouched({ real_name: true, gender: true, birthday: true });
    setFailure('');
    if (Object.keys(client).length || busy) return;
    setBusy(true);
    try {
      let message = '';
      await api('PUT /auth/info', {
        body: { ...form, real_name: form.real_name.trim() },
        quiet403: true,
        onMessage: (m) => {
          message = m;
        },
      });
      void loadUser();
      onSaved({ ...form, real_name: form.real_name.trim() }, message || t['cashier.ui.info_saved']);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 403) {
        setFailure(t['cashier.ui.info_locked']);
        onLocked();
        return;
      }
      const fields = serverFieldErrors(err) as Partial<Record<Field, string>>;
      setServer(fields);
      if (!Object.keys(fields).length) setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const nameErr = errorOf('real_name');
  const genderErr = errorOf('gender');
  const birthErr = errorOf('birthday');
  return (
    <form
      noValidate
      className="space-y-3"
      data-testid="info-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {once && <p className="rounded bg-amber-50 px-3 py-2 text-xs text-amber-900">{t['cashier.ui.info_once']}</p>}
      <div>
        <label htmlFor="info-real-name" className="field-label">
          {t['cashier.ui.real_name']}
        </label>
        <input
          id="info-real-name"
          name="real_name"
          className="field-input"
          value={form.real_name}
          maxLength={40}
          autoComplete="name"
          aria-invalid={!!nameErr}
          onChange={(e) => set('real_name', e.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, real_name: true }))}
        />
        {nameErr ? (
          <p role="alert" className="field-error" data-testid="info-error-real_name">
            {nameErr}
          </p>
        ) : (
          <p className="mt-1 text-xs text-slate-500">{t['cashier.ui.real_name_hint']}</p>
        )}
      </div>
      <fieldset>
        <legend className="field-label">{t['cashier.ui.gender']}</legend>
        <div className="flex gap-4">
          {(['male', 'female', 'other'] as const).map((g) => (
            <label key={g} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name="gender"
                value={g}
                checked={form.gender === g}
                onChange={() => {
                  set('gender', g);
                  setTouched((s) => ({ ...s, gender: true }));
                }}
              />
              {t[`cashier.ui.gender.${g}`]}
            </label>
          ))}
        </div>
        {genderErr && (
          <p role="alert" className="field-error" data-testid="info-error-gender">
            {genderErr}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor="info-birthday" className="field-label">
          {t['cashier.ui.birthday']}
        </label>
        <input
          id="info-birthday"
          name="birthday"
          type="date"
          className="field-input"
          value={form.birthday}
          max={latest}
          min="1900-01-01"
          aria-invalid={!!birthErr}
          onChange={(e) => set('birthday', e.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, birthday: true }))}
        />
        {birthErr && (
          <p role="alert" className="field-error" data-testid="info-error-birthday">
            {birthErr}
          </p>
        )}
      </div>
      {failure && <ErrorBox message={failure} />}
      <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={busy} data-testid="info-submit">
        {busy ? t['cashier.ui.submitting'] : t['cashier.ui.save_info']}
      </button>
    </form>
  );
}
