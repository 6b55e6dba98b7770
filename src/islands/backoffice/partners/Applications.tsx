// Applications from the cooperative-alliance page: operators approve one (an account, a plan and optionally a code;
// the sign-in details are shown once, to be sent to the applicant) or reject it with a reason.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '../../common/Dialog.tsx';
import { Banner, cls, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { fieldError, useBoAction } from '../kit/form.tsx';
import { partnerCodeName } from '../kit/codes.ts';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { APPLICATION_STATUSES } from '../../../shared/schemas/partners/common.ts';
import { pbApi, usePbData } from './api.ts';
import { PB_KEYS, PbGuard, Pill, num, useReason, type PbT } from './shared.tsx';
import type * as v from 'valibot';
import type { PartnerRoutes } from './routes.ts';

export const APPLICATIONS_KEYS = [
  ...PB_KEYS,
  'bo.pt.app.created',
  'bo.pt.app.name',
  'bo.pt.app.contact',
  'bo.pt.app.channel',
  'bo.pt.app.expected',
  'bo.pt.app.message',
  'bo.pt.app.status',
  'bo.pt.app.approve',
  'bo.pt.app.reject',
  'bo.pt.app.reject_title',
  'bo.pt.app.approve_title',
  'bo.pt.app.account',
  'bo.pt.app.plan',
  'bo.pt.app.code',
  'bo.pt.app.code_hint',
  'bo.pt.app.approved',
  'bo.pt.app.password_once',
  'bo.pt.app.rejected',
  'bo.pt.app.ip',
  'bo.pt.app.no_plans',
  'bo.pt.app.password',
  'bo.pt.app.reject_message',
] as const;
type K = (typeof APPLICATIONS_KEYS)[number];
type T = IslandProps<K>['t'];
type Row = v.InferOutput<PartnerRoutes['GET /applications']>['data'][number];
const PAGE_SIZE = 20;

export default function Applications({ t, locale }: IslandProps<K>) {
  return (
    <PbGuard t={t} locale={locale} permission="partners.read">
      {() => <Body t={t} locale={locale} />}
    </PbGuard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canManage = hasPermission(staff, 'partners.manage');
  const [status, setStatus] = useState<string>('pending');
  const list = usePbData('GET /applications', { query: { status }, pageSize: PAGE_SIZE });
  const action = useBoAction(t);
  const { ask, dialog } = useReason(t as unknown as PbT);
  const [approving, setApproving] = useState<Row | null>(null);
  const [issued, setIssued] = useState<{ account: string; password: string } | null>(null);

  const reject = async (row: Row) => {
    const got = await ask(t['bo.pt.app.reject_title'], fill(t['bo.pt.app.reject_message'], { name: row.name }));
    if (!got) return;
    await action.run(
      () => pbApi('POST /applications/:id/reject', { params: { id: row.id }, body: { reason: got.reason } }),
      fill(t['bo.pt.app.rejected'], { name: row.name }),
    );
    void list.reload();
  };

  const columns: Array<BoColumn<Row, K>> = [
    { key: 'created', header: 'bo.pt.app.created', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.created_at, locale) },
    { key: 'name', header: 'bo.pt.app.name', cell: (r) => <span className="font-medium">{r.name}</span>, testId: 'app-name' },
    {
      key: 'contact',
      header: 'bo.pt.app.contact',
      cell: (r) => (
        <>
          {partnerCodeName(t, 'contact', r.contact_kind)}: {r.contact}
        </>
      ),
    },
    { key: 'channel', header: 'bo.pt.app.channel', cell: (r) => partnerCodeName(t, 'channel', r.channel) },
    { key: 'expected', header: 'bo.pt.app.expected', align: 'right', cell: (r) => num(r.expected_players) },
    { key: 'message', header: 'bo.pt.app.message', className: 'max-w-[280px] break-words text-slate-600', cell: (r) => r.message || '—' },
    { key: 'ip', header: 'bo.pt.app.ip', className: 'font-mono text-xs', cell: (r) => r.ip },
    {
      key: 'status',
      header: 'bo.pt.app.status',
      cell: (r) => (
        <>
          <Pill t={t} kind="partner_app" code={r.status} />
          {r.reason && <div className="mt-1 text-xs text-slate-500">{r.reason}</div>}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (r) =>
        canManage && r.status === 'pending' ? (
          <div className="flex gap-2">
            <button type="button" className={cls.btnSmall} onClick={() => setApproving(r)} data-testid="app-approve">
              {t['bo.pt.app.approve']}
            </button>
            <button type="button" className={cls.btnDanger} onClick={() => void reject(r)} data-testid="app-reject">
              {t['bo.pt.app.reject']}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <div className="max-w-[1400px] space-y-4">
      <label className="inline-block">
        <span className={cls.label}>{t['bo.pt.app.status']}</span>
        <select className={cls.input} value={status} onChange={(e) => setStatus(e.target.value)} data-testid="app-status-filter">
          <option value="">{t['bo.pt.all']}</option>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {partnerCodeName(t, 'partner_app', s)}
            </option>
          ))}
        </select>
      </label>
      {action.notice && (
        <Banner kind={action.notice.kind} testId="app-notice">
          {action.notice.text}
        </Banner>
      )}
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.id} testId="applications" rowTestId="application-row" scroll />
      </section>
      {approving && (
        <ApproveDialog
          t={t}
          row={approving}
          onClose={(done) => {
            setApproving(null);
            if (done) {
              setIssued(done);
              void list.reload();
            }
          }}
        />
      )}
      <Dialog open={!!issued} title={t['bo.pt.app.approved']} onClose={() => setIssued(null)} labelClose={t['bo.close']} width={480}>
        {issued && (
          <div data-testid="app-issued">
            <p className="mb-3 text-sm">{t['bo.pt.app.password_once']}</p>
            <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
              <dt className="text-slate-500">{t['bo.pt.app.account']}</dt>
              <dd className="font-mono" data-testid="issued-account">
                {issued.account}
              </dd>
              <dt className="text-slate-500">{t['bo.pt.app.password']}</dt>
              <dd className="font-mono font-bold" data-testid="issued-password">
                {issued.password}
              </dd>
            </dl>
            <div className="mt-4 flex justify-end">
              <button type="button" className={cls.btn} onClick={() => setIssued(null)}>
                {t['bo.close']}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      {dialog}
    </div>
  );
}

function ApproveDialog({ t, row, onClose }: { t: T; row: Row; onClose: (done: { account: string; password: string } | null) => void }) {
  const plans = usePbData('GET /plans');
  const [account, setAccount] = useState('');
  const [planId, setPlanId] = useState('');
  const [code, setCode] = useState('');
  const action = useBoAction(t);
  const submit = async () => {
    const answer = await action.run(
      () =>
        pbApi('POST /applications/:id/approve', {
          params: { id: row.id },
          body: { account: account.trim(), plan_id: Number(planId) || 0, ...(code.trim() ? { code: code.trim() } : {}) },
        }),
      undefined,
      ['account', 'plan_id', 'code'],
    );
    if (answer) onClose({ account: answer.account, password: answer.initial_password });
  };
  const err = (name: string) => fieldError(action.failure, name);
  return (
    <Dialog open title={`${t['bo.pt.app.approve_title']} — ${row.name}`} onClose={() => onClose(null)} labelClose={t['bo.close']} width={480}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="approve-form"
      >
        {action.notice && <Banner kind={action.notice.kind}>{action.notice.text}</Banner>}
        <label className="block">
          <span className={cls.label}>{t['bo.pt.app.account']}</span>
          <input
            name="account"
            value={account}
            maxLength={12}
            className={`${cls.input} w-full`}
            aria-invalid={!!err('account')}
            onChange={(e) => setAccount(e.target.value)}
          />
          {err('account') && <p className={cls.fieldError}>{err('account')}</p>}
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.app.plan']}</span>
          <select name="plan_id" value={planId} className={`${cls.input} w-full`} aria-invalid={!!err('plan_id')} onChange={(e) => setPlanId(e.target.value)}>
            <option value="">—</option>
            {(plans.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {plans.data?.length === 0 && <p className="mt-1 text-xs text-slate-500">{t['bo.pt.app.no_plans']}</p>}
          {err('plan_id') && <p className={cls.fieldError}>{err('plan_id')}</p>}
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.app.code']}</span>
          <input
            name="code"
            value={code}
            maxLength={16}
            className={`${cls.input} w-full`}
            aria-invalid={!!err('code')}
            onChange={(e) => setCode(e.target.value)}
          />
          <span className="mt-1 block text-xs text-slate-500">{t['bo.pt.app.code_hint']}</span>
          {err('code') && <p className={cls.fieldError}>{err('code')}</p>}
        </label>
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={cls.btnGhost} onClick={() => onClose(null)}>
            {t['bo.cancel']}
          </button>
          <button type="submit" className={cls.btn} disabled={action.busy} data-testid="approve-submit">
            {t['bo.pt.app.approve']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
