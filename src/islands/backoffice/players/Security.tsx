// A player's account security on the back-office player page: reset password (a one-time
// temporary password shown once), force a password change, unlock a login lockout, the login history and the
// sessions with revoke. Every action asks for a reason, which the server writes into the audit log.
import { useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, ListState, cls, errorText, fill, formatTime, useConfirm, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { FORCE_PASSWORD_STATUS } from '../../../shared/statuses.ts';

export const SECURITY_KEYS = [
  'bo.account.title',
  'bo.account.reason',
  'bo.account.reset_password',
  'bo.account.reset_confirm',
  'bo.account.temporary_password',
  'bo.account.force_on',
  'bo.account.force_off',
  'bo.account.forced',
  'bo.account.not_forced',
  'bo.account.unlock',
  'bo.account.locked',
  'bo.account.not_locked',
  'bo.account.temp_expires',
  'bo.account.logins',
  'bo.account.logins_empty',
  'bo.account.time',
  'bo.account.ip',
  'bo.account.device',
  'bo.account.result',
  'bo.account.method',
  'bo.account.method.password',
  'bo.account.method.phone_code',
  'bo.account.success',
  'bo.account.failure',
  'bo.account.sessions',
  'bo.account.sessions_empty',
  'bo.account.last_seen',
  'bo.account.state',
  'bo.account.live',
  'bo.account.ended',
  'bo.account.revoke',
  'bo.account.done',
  'bo.account.previous',
  'bo.account.next',
  'bo.account.reason.login_failed',
  'bo.account.reason.login_locked',
  'bo.account.reason.confirm_verification_code_error',
  'bo.account.reason.account_disabled',
  'bo.account.reason.password_expired',
  'bo.account.reason.login_disabled',
  'bo.account.reason.rate_limited',
  'bo.account.ended.logout',
  'bo.account.ended.double-login',
  'bo.account.ended.kick',
  'bo.account.ended.password-reset',
  'bo.account.ended.password-change',
] as const;

type T = CommonT & Record<(typeof SECURITY_KEYS)[number], string>;
const PAGE_SIZE = 10;
/** A stored code in the operator's words, or the code itself when it has none. */
const word = (t: T, prefix: string, code: string) => (t as Record<string, string>)[`${prefix}${code}`] ?? code;

export function SecuritySection({ t, locale, playerId }: { t: T; locale: Locale; playerId: number }) {
  const [page, setPage] = useState(1);
  const confirm = useConfirm(t);
  const security = useBoData('GET /players/:id/security', { params: { id: playerId } });
  const loginsLoad = useBoData('GET /players/:id/logins', { params: { id: playerId }, query: { page, pageSize: PAGE_SIZE } });
  const sessionsLoad = useBoData('GET /players/:id/sessions', { params: { id: playerId } });
  const state = security.data;
  const logins = loginsLoad.data;
  const sessions = sessionsLoad.data;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [temporary, setTemporary] = useState<{ password: string; expires: string } | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one account action with the reason typed above it, then reloads what it changes. */
  const act = async <R,>(call: (reason: string) => Promise<R>, after?: (data: R) => void) => {
    setBusy(true);
    setNotice(null);
    setReasonError(null);
    try {
      const data = await call(reason);
      after?.(data);
      setReason('');
      setNotice({ kind: 'success', text: t['bo.account.done'] });
      void security.reload();
      void loginsLoad.reload();
      void sessionsLoad.reload();
    } catch (err) {
      const field = err instanceof BoFailure ? err.field('reason') : undefined;
      if (field) setReasonError(field);
      else setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };
  const reset = async () => {
    if (!(await confirm.ask(t['bo.account.reset_confirm']))) return;
    void act(
      (r) => boApi('POST /players/:id/reset-password', { params: { id: playerId }, body: { reason: r } }),
      (d) => setTemporary({ password: d.temporary_password, expires: d.expires_at }),
    );
  };
  const forced = state?.status_force_password === FORCE_PASSWORD_STATUS.required;

  return (
    <section className={cls.card} data-testid="bo-security">
      {confirm.dialog}
      <h2 className="mb-3 text-lg font-semibold">{t['bo.account.title']}</h2>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      {security.error ? <ListState t={t} loading={false} error={security.error} retry={security.reload} /> : null}
      {temporary && (
        <div className="my-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" role="status" data-testid="bo-temporary-password">
          <p>{fill(t['bo.account.temporary_password'], { time: formatTime(temporary.expires, locale) })}</p>
          <p className="mt-2 select-all font-mono text-lg tracking-wider">{temporary.password}</p>
        </div>
      )}
      {state && (
        <ul className="mb-3 space-y-1 text-sm">
          <li data-testid="bo-forced">{forced ? t['bo.account.forced'] : t['bo.account.not_forced']}</li>
          <li data-testid="bo-locked">{fill(state.locked ? t['bo.account.locked'] : t['bo.account.not_locked'], { n: state.login_failures })}</li>
          {state.password_expires_at && <li>{fill(t['bo.account.temp_expires'], { time: formatTime(state.password_expires_at, locale) })}</li>}
        </ul>
      )}
      <label className={cls.label} htmlFor="bo-security-reason">
        {t['bo.account.reason']}
      </label>
      <input
        id="bo-security-reason"
        className={`${cls.input} w-full max-w-xl`}
        maxLength={200}
        value={reason}
        aria-invalid={!!reasonError}
        onChange={(e) => setReason(e.target.value)}
      />
      {reasonError && (
        <p className={cls.fieldError} role="alert">
          {reasonError}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={cls.btn} disabled={busy} onClick={() => void reset()} data-testid="bo-reset-password">
          {t['bo.account.reset_password']}
        </button>
        <button
          type="button"
          className={cls.btnGhost}
          disabled={busy}
          data-testid="bo-force-password"
          onClick={() => void act((r) => boApi('POST /players/:id/force-password', { params: { id: playerId }, body: { reason: r, force: !forced } }))}
        >
          {forced ? t['bo.account.force_off'] : t['bo.account.force_on']}
        </button>
        <button
          type="button"
          className={cls.btnGhost}
          disabled={busy || !state?.login_failures}
          data-testid="bo-unlock"
          onClick={() => void act((r) => boApi('POST /players/:id/unlock-login', { params: { id: playerId }, body: { reason: r } }))}
        >
          {t['bo.account.unlock']}
        </button>
      </div>

      <h3 className="mb-2 mt-6 font-semibold">{t['bo.account.logins']}</h3>
      <ListState
        t={t}
        loading={!logins}
        error={loginsLoad.error}
        empty={logins?.data.length === 0}
        retry={loginsLoad.reload}
        emptyText={t['bo.account.logins_empty']}
      >
        {logins && (
          <div className="overflow-x-auto">
            <BoTable
              t={t}
              rows={logins.data}
              rowKey={(e) => e.id}
              testId="bo-logins"
              columns={[
                { key: 'time', header: 'bo.account.time', cell: (e) => formatTime(e.created_at, locale) },
                { key: 'ip', header: 'bo.account.ip', cell: (e) => e.ip },
                { key: 'device', header: 'bo.account.device', className: 'max-w-xs truncate', title: (e) => e.user_agent, cell: (e) => e.user_agent },
                {
                  key: 'result',
                  header: 'bo.account.result',
                  cell: (e) => (e.success ? t['bo.account.success'] : `${t['bo.account.failure']} (${word(t, 'bo.account.reason.', e.reason)})`),
                },
                { key: 'method', header: 'bo.account.method', cell: (e) => t[`bo.account.method.${e.method}`] },
              ]}
            />
            <div className="mt-2 flex items-center gap-2 text-sm">
              <button type="button" className={cls.btnSmall} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t['bo.account.previous']}
              </button>
              <span>
                {page} / {Math.max(1, Math.ceil(logins.total / PAGE_SIZE))}
              </span>
              <button type="button" className={cls.btnSmall} disabled={page * PAGE_SIZE >= logins.total} onClick={() => setPage(page + 1)}>
                {t['bo.account.next']}
              </button>
            </div>
          </div>
        )}
      </ListState>

      <h3 className="mb-2 mt-6 font-semibold">{t['bo.account.sessions']}</h3>
      <BoTable
        t={t}
        rows={sessions}
        state={{
          loading: !sessions,
          error: sessionsLoad.error,
          empty: sessions?.length === 0,
          retry: sessionsLoad.reload,
          emptyText: t['bo.account.sessions_empty'],
        }}
        rowKey={(s) => s.id}
        testId="bo-sessions"
        scroll
        columns={[
          { key: 'time', header: 'bo.account.time', cell: (s) => formatTime(s.created_at, locale) },
          { key: 'seen', header: 'bo.account.last_seen', cell: (s) => formatTime(s.last_seen_at, locale) },
          { key: 'ip', header: 'bo.account.ip', cell: (s) => s.ip },
          { key: 'device', header: 'bo.account.device', className: 'max-w-xs truncate', title: (s) => s.user_agent, cell: (s) => s.user_agent },
          {
            key: 'state',
            header: 'bo.account.state',
            cell: (s) =>
              s.live ? t['bo.account.live'] : `${t['bo.account.ended']}${s.revoked_reason ? ` (${word(t, 'bo.account.ended.', s.revoked_reason)})` : ''}`,
          },
          {
            key: 'actions',
            header: 'bo.actions',
            cell: (s) =>
              s.live && (
                <button
                  type="button"
                  className={cls.btnDanger}
                  disabled={busy}
                  onClick={() =>
                    void act((r) => boApi('POST /players/:id/sessions/:sessionId/revoke', { params: { id: playerId, sessionId: s.id }, body: { reason: r } }))
                  }
                >
                  {t['bo.account.revoke']}
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
