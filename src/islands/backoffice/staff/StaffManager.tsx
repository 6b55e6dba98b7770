// Staff accounts: create with a role, change role, enable or disable, and set up authenticator sign-in.
import { useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, ConfirmDialog, Guard, StatusPill, cls, errorText, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import type { BoStaff } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { STAFF_ROLES, type StaffView, type TotpSecretView } from '../../../shared/schemas/backoffice/staff.ts';
import { STAFF_STATUS } from '../../../shared/statuses.ts';
import type { Notice } from '../kit/form.tsx';

/** Every role the server knows, in its order, so a new role appears here without a second list. */
const ROLES = STAFF_ROLES;

export const STAFF_KEYS = [
  ...COMMON_KEYS,
  'bo.staff.new',
  'bo.staff.username',
  'bo.staff.password',
  'bo.staff.role',
  'bo.staff.status',
  'bo.staff.totp',
  'bo.staff.created',
  'bo.staff.create',
  'bo.staff.created_ok',
  'bo.staff.enable',
  'bo.staff.disable',
  'bo.staff.totp_enable',
  'bo.staff.totp_reset',
  'bo.staff.totp_disable',
  'bo.staff.totp_confirm',
  'bo.staff.totp_off_confirm',
  'bo.staff.totp_title',
  'bo.staff.totp_once',
  'bo.staff.totp_secret',
  'bo.staff.totp_uri',
  'bo.staff.you',
  'bo.enabled',
  'bo.disabled',
  'bo.on',
  'bo.off',
  'bo.saving',
  'bo.saved',
  'bo.staff.totp_code',
  'bo.staff.totp_confirm_code',
  'bo.staff.totp_on',
  'bo.role.admin',
  'bo.role.finance',
  'bo.role.service',
  'bo.role.marketing',
  'bo.role.compliance',
] as const;
type K = (typeof STAFF_KEYS)[number];
type T = IslandProps<K>['t'];

type Staff = StaffView;
type TotpSecret = TotpSecretView;
type Pending = { kind: 'totp' | 'totp-off'; staff: Staff };
const PAGE_SIZE = 20;

export default function StaffManager({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="staff.manage">
      {(me) => <Body t={t} locale={locale} me={me} />}
    </Guard>
  );
}

function Body({ t, locale, me }: { t: T; locale: Locale; me: BoStaff }) {
  const list = useBoData('GET /staff', { pageSize: PAGE_SIZE });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [secret, setSecret] = useState<(TotpSecret & { username: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const confirmCode = async () => {
    setBusy(true);
    setCodeError('');
    try {
      await boApi('POST /auth/totp/confirm', { body: { code } });
      setSecret(null);
      setNotice({ kind: 'success', text: t['bo.staff.totp_on'] });
      void list.reload();
    } catch (err) {
      setCodeError(err instanceof BoFailure && err.field('code') ? err.field('code')! : errorText(err, t));
    }
    setBusy(false);
  };

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await run();
      void list.reload();
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };
  const update = (s: Staff, body: Record<string, unknown>) =>
    act(async () => {
      await boApi('PUT /staff/:id', { params: { id: s.id }, body });
      setNotice({ kind: 'success', text: t['bo.saved'] });
    });
  const confirmPending = () => {
    const p = pending;
    setPending(null);
    if (!p) return;
    if (p.kind === 'totp') {
      void act(async () => {
        // Only one's own: the secret is shown to its owner once and turned on by a code from it.
        const res = await boApi('POST /auth/totp');
        setCode('');
        setSecret({ ...res, username: p.staff.username });
      });
    } else {
      void act(async () => {
        await boApi('DELETE /staff/:id/totp', { params: { id: p.staff.id } });
        setNotice({ kind: 'success', text: t['bo.saved'] });
      });
    }
  };
  const roleName = (role: string) => t[`bo.role.${role}` as K] ?? role;

  const columns: Array<BoColumn<Staff, K>> = [
    { key: 'id', header: 'bo.staff.username', headerCell: '#', className: 'text-slate-500', cell: (s) => s.id },
    {
      key: 'username',
      header: 'bo.staff.username',
      className: 'font-medium',
      cell: (s) => (
        <>
          {s.username}
          {s.id === me.id && <span className="ml-1 text-xs text-slate-400">({t['bo.staff.you']})</span>}
        </>
      ),
    },
    {
      key: 'role',
      header: 'bo.staff.role',
      cell: (s) => (
        <select
          value={s.role}
          disabled={s.id === me.id || busy}
          aria-label={t['bo.staff.role']}
          className={`${cls.input} h-8`}
          onChange={(e) => void update(s, { role: e.target.value })}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'status',
      header: 'bo.staff.status',
      cell: (s) => <StatusPill on={s.status === STAFF_STATUS.active} onText={t['bo.enabled']} offText={t['bo.disabled']} />,
    },
    { key: 'totp', header: 'bo.staff.totp', cell: (s) => <StatusPill on={s.totp_enabled} onText={t['bo.on']} offText={t['bo.off']} /> },
    { key: 'created', header: 'bo.staff.created', className: 'whitespace-nowrap text-slate-500', cell: (s) => formatTime(s.created_at, locale) },
    {
      key: 'actions',
      header: 'bo.actions',
      className: 'whitespace-nowrap',
      cell: (s) => (
        <div className="flex gap-2">
          {s.id !== me.id && (
            <button
              type="button"
              className={cls.btnSmall}
              disabled={busy}
              onClick={() => void update(s, { status: s.status === STAFF_STATUS.active ? STAFF_STATUS.disabled : STAFF_STATUS.active })}
            >
              {s.status === STAFF_STATUS.active ? t['bo.staff.disable'] : t['bo.staff.enable']}
            </button>
          )}
          {s.id === me.id && (
            <button type="button" className={cls.btnSmall} disabled={busy} onClick={() => setPending({ kind: 'totp', staff: s })} data-testid="totp-enable">
              {s.totp_enabled ? t['bo.staff.totp_reset'] : t['bo.staff.totp_enable']}
            </button>
          )}
          {s.totp_enabled && (
            <button type="button" className={cls.btnSmall} disabled={busy} onClick={() => setPending({ kind: 'totp-off', staff: s })}>
              {t['bo.staff.totp_disable']}
            </button>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className="max-w-6xl space-y-5">
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <CreateForm
        t={t}
        roleName={roleName}
        onCreated={(name) => {
          setNotice({ kind: 'success', text: fill(t['bo.staff.created_ok'], { username: name }) });
          list.go(1);
        }}
      />
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns} rowKey={(s) => s.id} testId="bo-staff" rowData={(s) => ({ 'data-staff': s.username })} />
      </section>
      <ConfirmDialog
        t={t}
        open={!!pending}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={confirmPending}
        message={pending ? fill(t[pending.kind === 'totp' ? 'bo.staff.totp_confirm' : 'bo.staff.totp_off_confirm'], { username: pending.staff.username }) : ''}
      />
      <Dialog
        open={!!secret}
        width={600}
        title={secret ? fill(t['bo.staff.totp_title'], { username: secret.username }) : ''}
        onClose={() => setSecret(null)}
        labelClose={t['bo.close']}
      >
        {secret && (
          <div data-testid="totp-secret">
            <p className="mb-4 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t['bo.staff.totp_once']}</p>
            <label className="mb-3 block">
              <span className={cls.label}>{t['bo.staff.totp_secret']}</span>
              <input
                readOnly
                value={secret.secret.replace(/(.{4})/g, '$1 ').trim()}
                className={`${cls.input} w-full font-mono`}
                onFocus={(e) => e.target.select()}
              />
            </label>
            <label className="mb-5 block">
              <span className={cls.label}>{t['bo.staff.totp_uri']}</span>
              <textarea readOnly rows={3} value={secret.otpauth_uri} className={`${cls.textarea} font-mono text-xs`} onFocus={(e) => e.target.select()} />
            </label>
            <form
              className="flex items-end justify-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                void confirmCode();
              }}
              noValidate
            >
              <label className="block w-44">
                <span className={cls.label}>{t['bo.staff.totp_code']}</span>
                <input
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  className={`${cls.input} w-full font-mono`}
                />
              </label>
              <button type="submit" className={cls.btn} disabled={busy || code.length !== 6} data-testid="totp-confirm">
                {t['bo.staff.totp_confirm_code']}
              </button>
              <button type="button" className={cls.btnSmall} onClick={() => setSecret(null)}>
                {t['bo.close']}
              </button>
            </form>
            {codeError && <p className={cls.fieldError}>{codeError}</p>}
          </div>
        )}
      </Dialog>
    </div>
  );
}

function CreateForm({ t, roleName, onCreated }: { t: T; roleName: (r: string) => string; onCreated: (username: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<string>('service');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async () => {
    setBusy(true);
    setError('');
    setFields({});
    try {
      const created = await boApi('POST /staff', { body: { username, password, role } });
      setUsername('');
      setPassword('');
      onCreated(created.username);
    } catch (err) {
      if (err instanceof BoFailure) {
        const next = Object.fromEntries(['username', 'password', 'role'].flatMap((f) => (err.field(f) ? [[f, err.field(f)!]] : [])));
        setFields(next);
        if (!Object.keys(next).length) setError(errorText(err, t));
      } else setError(errorText(err, t));
    }
    setBusy(false);
  };
  return (
    <form
      className={cls.card}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="staff-create"
    >
      <h2 className="mb-4 text-base font-semibold text-brand-800">{t['bo.staff.new']}</h2>
      {error && <Banner kind="error">{error}</Banner>}
      <div className="flex items-start gap-4">
        <label className="block w-56">
          <span className={cls.label}>{t['bo.staff.username']}</span>
          <input
            name="username"
            autoComplete="off"
            value={username}
            maxLength={32}
            onChange={(e) => setUsername(e.target.value)}
            className={`${cls.input} w-full`}
          />
          {fields.username && <span className={cls.fieldError}>{fields.username}</span>}
        </label>
        <label className="block w-56">
          <span className={cls.label}>{t['bo.staff.password']}</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={128}
            onChange={(e) => setPassword(e.target.value)}
            className={`${cls.input} w-full`}
          />
          {fields.password && <span className={cls.fieldError}>{fields.password}</span>}
        </label>
        <label className="block w-44">
          <span className={cls.label}>{t['bo.staff.role']}</span>
          <select name="role" value={role} onChange={(e) => setRole(e.target.value)} className={`${cls.input} w-full`}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${cls.btn} mt-6`} disabled={busy || !username.trim() || !password}>
          {busy ? t['bo.saving'] : t['bo.staff.create']}
        </button>
      </div>
    </form>
  );
}
