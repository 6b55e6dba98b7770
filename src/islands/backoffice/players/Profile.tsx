// A player's profile on the back-office player page: real name, gender, birthday, phone,
// registration, last sign-in, status and the bound bank cards; with the right permission, disabling or enabling the
// account (disabling ends every session at once) and editing the personal details. Every change asks for a reason,
// which the server writes into the audit log with the values before and after.
import { useState, type ReactNode } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, ListState, cls, errorText, fill, formatTime, useConfirm, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import { PLAYER_ACTIVE } from '../../../shared/schemas/player-profile.ts';
import type { PlayerProfileView } from '../../../shared/schemas/backoffice/players.ts';
import type { Locale } from '../../../shared/constants.ts';

export const PROFILE_KEYS = [
  'bo.pp.title',
  'bo.pp.real_name',
  'bo.pp.gender',
  'bo.pp.gender.male',
  'bo.pp.gender.female',
  'bo.pp.gender.other',
  'bo.pp.birthday',
  'bo.pp.phone',
  'bo.pp.registered',
  'bo.pp.register_ip',
  'bo.pp.last_login',
  'bo.pp.status',
  'bo.pp.active',
  'bo.pp.disabled',
  'bo.pp.live_sessions',
  'bo.pp.not_set',
  'bo.pp.never',
  'bo.pp.cards',
  'bo.pp.cards_empty',
  'bo.pp.card.bank',
  'bo.pp.card.branch',
  'bo.pp.card.holder',
  'bo.pp.card.number',
  'bo.pp.card.state',
  'bo.pp.card.added',
  'bo.pp.card.pending',
  'bo.pp.card.approved',
  'bo.pp.card.refused',
  'bo.pp.reason',
  'bo.pp.disable',
  'bo.pp.enable',
  'bo.pp.disable_confirm',
  'bo.pp.disabled_done',
  'bo.pp.enabled_done',
  'bo.pp.edit',
  'bo.pp.save',
  'bo.pp.cancel',
  'bo.pp.saved',
  'bo.pp.choose',
  'bo.pp.phone_hint',
  'bo.pp.phone_masked_hint',
] as const;

type T = CommonT & Record<(typeof PROFILE_KEYS)[number], string>;
type Notice = { kind: 'error' | 'success' | 'info'; text: string };
const GENDERS = ['male', 'female', 'other'] as const;
const CARD_STATES: Record<number, 'bo.pp.card.pending' | 'bo.pp.card.approved' | 'bo.pp.card.refused'> = {
  0: 'bo.pp.card.pending',
  1: 'bo.pp.card.approved',
  2: 'bo.pp.card.refused',
};

export function ProfileSection({
  t,
  locale,
  playerId,
  canManage,
  onStatus,
  onEdited,
}: {
  t: T;
  locale: Locale;
  playerId: number;
  canManage: boolean;
  /** Tells the page's summary the new status, so both say the same. */
  onStatus?: (status: number) => void;
  /** Told after the personal details were saved: what is scored from them (linked accounts) is read again. */
  onEdited?: () => void;
}) {
  const { data: profile, error, reload } = useBoData('GET /players/:id/profile', { params: { id: playerId } });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState(false);

  if (!profile)
    return (
      <section className={cls.card} data-testid="bo-profile">
        <ListState t={t} loading error={error} retry={reload} />
      </section>
    );
  const active = profile.status === PLAYER_ACTIVE;
  const gender = (g: string) => ((GENDERS as readonly string[]).includes(g) ? t[`bo.pp.gender.${g as (typeof GENDERS)[number]}`] : g);
  const unset = <span className="text-slate-400">{t['bo.pp.not_set']}</span>;
  const facts: Array<[string, ReactNode, string]> = [
    [
      t['bo.pp.status'],
      active ? <span className="text-emerald-700">{t['bo.pp.active']}</span> : <span className="font-semibold text-red-700">{t['bo.pp.disabled']}</span>,
      'status',
    ],
    [t['bo.pp.real_name'], profile.real_name || unset, 'real_name'],
    [t['bo.pp.gender'], profile.gender ? gender(profile.gender) : unset, 'gender'],
    [t['bo.pp.birthday'], profile.birthday || unset, 'birthday'],
    [t['bo.pp.phone'], profile.phone || unset, 'phone'],
    [t['bo.pp.registered'], formatTime(profile.created_at, locale), 'registered'],
    [t['bo.pp.register_ip'], profile.register_ip || '—', 'register_ip'],
    [t['bo.pp.last_login'], profile.last_login_at ? formatTime(profile.last_login_at, locale) : t['bo.pp.never'], 'last_login'],
    [t['bo.pp.live_sessions'], profile.live_sessions, 'live_sessions'],
  ];
  const changed = (text: string) => {
    setNotice({ kind: 'success', text });
    void reload();
  };

  return (
    <section className={cls.card} data-testid="bo-profile">
      <h2 className="mb-3 text-lg font-semibold">{t['bo.pp.title']}</h2>
      {notice && (
        <Banner kind={notice.kind} testId="bo-profile-notice">
          {notice.text}
        </Banner>
      )}
      <dl className="mt-2 grid grid-cols-2 gap-x-8 gap-y-3 text-sm md:grid-cols-3 xl:grid-cols-5">
        {facts.map(([label, value, id]) => (
          <div key={id}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5" data-testid={`bo-profile-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {canManage && (
        <div className="mt-4 space-y-4 border-t border-slate-100 pt-4">
          <StatusForm
            t={t}
            playerId={playerId}
            active={active}
            onDone={(text, status) => {
              onStatus?.(status);
              changed(text);
            }}
          />
          {editing ? (
            <EditForm
              t={t}
              profile={profile}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                changed(t['bo.pp.saved']);
                onEdited?.();
              }}
            />
          ) : (
            <button
              type="button"
              className={cls.btnGhost}
              onClick={() => {
                setNotice(null);
                setEditing(true);
              }}
              data-testid="bo-profile-edit"
            >
              {t['bo.pp.edit']}
            </button>
          )}
        </div>
      )}
      <h3 className="mb-2 mt-5 font-semibold">{t['bo.pp.cards']}</h3>
      {profile.bank_cards.length === 0 ? (
        <p className="text-sm text-slate-500">{t['bo.pp.cards_empty']}</p>
      ) : (
        <div className="overflow-x-auto">
          <BoTable
            t={t}
            rows={profile.bank_cards}
            rowKey={(c) => c.id}
            testId="bo-profile-cards"
            columns={[
              { key: 'bank', header: 'bo.pp.card.bank', cell: (c) => c.bank },
              { key: 'branch', header: 'bo.pp.card.branch', cell: (c) => c.market },
              { key: 'holder', header: 'bo.pp.card.holder', cell: (c) => c.account_name },
              { key: 'number', header: 'bo.pp.card.number', className: 'font-mono', cell: (c) => c.card_number },
              {
                key: 'state',
                header: 'bo.pp.card.state',
                cell: (c) => (CARD_STATES[c.status_debit_card] ? t[CARD_STATES[c.status_debit_card]!] : c.status_debit_card),
              },
              { key: 'added', header: 'bo.pp.card.added', cell: (c) => formatTime(c.created_at, locale) },
            ]}
          />
        </div>
      )}
    </section>
  );
}

function StatusForm({ t, playerId, active, onDone }: { t: T; playerId: number; active: boolean; onDone: (text: string, status: number) => void }) {
  const confirm = useConfirm(t);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (active && !(await confirm.ask(t['bo.pp.disable_confirm']))) return;
    setBusy(true);
    setError(null);
    try {
      const res = await boApi('POST /players/:id/status', { params: { id: playerId }, body: { enabled: !active, reason } });
      setReason('');
      onDone(active ? fill(t['bo.pp.disabled_done'], { n: res.revoked }) : t['bo.pp.enabled_done'], res.status);
    } catch (err) {
      setError((err instanceof BoFailure && err.field('reason')) || errorText(err, t));
    }
    setBusy(false);
  };
  return (
    <form
      className="flex flex-wrap items-start gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {confirm.dialog}
      <div>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          placeholder={t['bo.pp.reason']}
          aria-label={t['bo.pp.reason']}
          className={`${cls.input} w-80`}
          aria-invalid={!!error}
          data-testid="bo-status-reason"
        />
        {error && (
          <p className={cls.fieldError} role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        data-testid="bo-status-toggle"
        className={active ? cls.btnDanger.replace('h-7', 'h-9').replace('px-2.5 text-xs', 'px-4 text-sm') : cls.btn}
      >
        {active ? t['bo.pp.disable'] : t['bo.pp.enable']}
      </button>
    </form>
  );
}

function EditForm({ t, profile, onCancel, onSaved }: { t: T; profile: PlayerProfileView; onCancel: () => void; onSaved: () => void }) {
  // A masked phone is not offered for editing: the field starts empty and, left empty, keeps the number on file.
  const masked = !profile.phone_whole;
  const [values, setValues] = useState({
    real_name: profile.real_name,
    gender: profile.gender,
    birthday: profile.birthday,
    phone: masked ? '' : profile.phone,
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const { phone, ...rest } = values;
      await boApi('PUT /players/:id/profile', { params: { id: profile.id }, body: masked && phone === '' ? rest : values });
      onSaved();
    } catch (err) {
      const fields =
        err instanceof BoFailure
          ? (Object.fromEntries((['real_name', 'gender', 'birthday', 'phone', 'reason'] as const).map((f) => [f, err.field(f)]).filter(([, m]) => m)) as Record<
              string,
              string
            >)
          : {};
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(errorText(err, t));
    }
    setBusy(false);
  };
  const field = (name: keyof typeof values, label: string, input: ReactNode, hint?: string) => (
    <div>
      <label className={cls.label} htmlFor={`bo-pp-${name}`}>
        {label}
      </label>
      {input}
      {hint && !errors[name] && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {errors[name] && (
        <p className={cls.fieldError} role="alert" data-testid={`bo-pp-error-${name}`}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  const common = (name: keyof typeof values) => ({ id: `bo-pp-${name}`, name, value: values[name], onChange: set(name), 'aria-invalid': !!errors[name] });
  return (
    <form
      className="space-y-3 rounded border border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="bo-profile-form"
    >
      {failure && <Banner kind="error">{failure}</Banner>}
      <div className="grid gap-3 md:grid-cols-2">
        {field('real_name', t['bo.pp.real_name'], <input {...common('real_name')} maxLength={40} className={`${cls.input} w-full`} />)}
        {field(
          'gender',
          t['bo.pp.gender'],
          <select {...common('gender')} className={`${cls.input} w-full`}>
            <option value="">{t['bo.pp.choose']}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t[`bo.pp.gender.${g}`]}
              </option>
            ))}
          </select>,
        )}
        {field('birthday', t['bo.pp.birthday'], <input {...common('birthday')} type="date" className={`${cls.input} w-full`} />)}
        {field(
          'phone',
          t['bo.pp.phone'],
          <input {...common('phone')} inputMode="numeric" maxLength={10} placeholder={masked ? profile.phone : undefined} className={`${cls.input} w-full`} />,
          masked ? t['bo.pp.phone_masked_hint'] : t['bo.pp.phone_hint'],
        )}
      </div>
      {field('reason', t['bo.pp.reason'], <input {...common('reason')} maxLength={200} className={`${cls.input} w-full`} />)}
      <div className="flex gap-3">
        <button type="submit" className={cls.btn} disabled={busy} data-testid="bo-profile-save">
          {t['bo.pp.save']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={onCancel}>
          {t['bo.pp.cancel']}
        </button>
      </div>
    </form>
  );
}
