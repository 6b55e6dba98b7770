// Partners: the tree (at most three levels) beside one partner's page, where operators change the plan, the rate cap,
// the status, the contact, the landing page and the notes (each with a reason, audited), map domains to the partner,
// read the players bound to it and move a player to another partner (or unbind it) with a reason. A new top partner
// or sub-partner is created here too; its first password is shown once.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type * as v from 'valibot';
import { Dialog } from '../../common/Dialog.tsx';
import { Banner, ListState, cls, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { fieldError, useBoAction } from '../kit/form.tsx';
import { partnerCodeName } from '../kit/codes.ts';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { PARTNER_STATUSES } from '../../../shared/schemas/partners/common.ts';
import { pbApi, usePbData } from './api.ts';
import type { PartnerRoutes } from './routes.ts';
import { PB_KEYS, PbGuard, Pill, bpToPercentText, money, num, percentToBp, rate, useReason, type PbT } from './shared.tsx';

export const PARTNERS_KEYS = [
  ...PB_KEYS,
  'bo.pt.p.tree',
  'bo.pt.p.search',
  'bo.pt.p.pick',
  'bo.pt.p.account',
  'bo.pt.p.name',
  'bo.pt.p.code',
  'bo.pt.p.level',
  'bo.pt.p.parent',
  'bo.pt.p.status',
  'bo.pt.p.plan',
  'bo.pt.p.rate_cap',
  'bo.pt.p.rate_cap_hint',
  'bo.pt.p.players',
  'bo.pt.p.subs',
  'bo.pt.p.balance',
  'bo.pt.p.created',
  'bo.pt.p.contact',
  'bo.pt.p.notes',
  'bo.pt.p.landing',
  'bo.pt.p.landing_hint',
  'bo.pt.p.totp',
  'bo.pt.p.totp_on',
  'bo.pt.p.totp_off',
  'bo.pt.p.card',
  'bo.pt.p.no_card',
  'bo.pt.p.save',
  'bo.pt.p.saved',
  'bo.pt.p.save_reason',
  'bo.pt.p.reset',
  'bo.pt.p.reset_title',
  'bo.pt.p.reset_done',
  'bo.pt.p.new',
  'bo.pt.p.new_sub',
  'bo.pt.p.create',
  'bo.pt.p.created_once',
  'bo.pt.p.password',
  'bo.pt.p.domains',
  'bo.pt.p.domain_add',
  'bo.pt.p.domain_host',
  'bo.pt.p.domain_remove',
  'bo.pt.p.domain_remove_confirm',
  'bo.pt.p.no_domains',
  'bo.pt.p.bindings',
  'bo.pt.p.player',
  'bo.pt.p.source',
  'bo.pt.p.campaign',
  'bo.pt.p.reg_ip',
  'bo.pt.p.bound_at',
  'bo.pt.p.move',
  'bo.pt.p.move_title',
  'bo.pt.p.move_player',
  'bo.pt.p.move_target',
  'bo.pt.p.move_target_hint',
  'bo.pt.p.moved',
  'bo.pt.p.move_effect',
  'bo.pt.own.title',
  'bo.pt.own.hint',
  'bo.pt.own.player',
  'bo.pt.own.shared',
  'bo.pt.own.kind_ip',
  'bo.pt.own.kind_device',
  'bo.pt.own.status',
  'bo.pt.own.status_pending',
  'bo.pt.own.status_approved',
  'bo.pt.own.status_denied',
  'bo.pt.own.at',
  'bo.pt.own.approve',
  'bo.pt.own.deny',
  'bo.pt.own.approve_title',
  'bo.pt.own.deny_title',
  'bo.pt.own.done',
  'bo.pt.p.history',
  'bo.pt.p.history_title',
  'bo.pt.p.history_partner',
  'bo.pt.p.history_from',
  'bo.pt.p.history_until',
  'bo.pt.p.history_since_registration',
  'bo.pt.p.history_now',
  'bo.pt.p.unbound',
  'bo.pt.p.children',
  'bo.pt.p.none',
  'bo.pt.p.no_plan',
  'bo.pt.p.tree_empty',
] as const;
type K = (typeof PARTNERS_KEYS)[number];
type T = IslandProps<K>['t'];
type Detail = v.InferOutput<PartnerRoutes['GET /partners/:id']>;
type TreeNode = v.InferOutput<PartnerRoutes['GET /partners/tree']>[number];
type Binding = v.InferOutput<PartnerRoutes['GET /bindings']>['data'][number];
type Plans = v.InferOutput<PartnerRoutes['GET /plans']>;

export default function Partners({ t, locale }: IslandProps<K>) {
  return (
    <PbGuard t={t} locale={locale} permission="partners.read">
      {() => <Body t={t} locale={locale} />}
    </PbGuard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canManage = hasPermission(staff, 'partners.manage');
  const tree = usePbData('GET /partners/tree');
  const plans = usePbData('GET /plans');
  const [selected, setSelected] = useState<number | null>(() => {
    if (typeof window === 'undefined') return null;
    const id = Number(new URLSearchParams(window.location.search).get('id'));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  });
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState<{ parent: TreeNode | null } | null>(null);
  const [issued, setIssued] = useState<{ account: string; password: string } | null>(null);
  const pick = (id: number) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set('id', String(id));
    window.history.replaceState(null, '', url);
  };
  const nodes = tree.data ?? [];
  const shown = q.trim()
    ? nodes.filter((n) => n.account.toLowerCase().includes(q.trim().toLowerCase()) || n.name.toLowerCase().includes(q.trim().toLowerCase()))
    : nodes;
  return (
    <div className="grid max-w-[1500px] grid-cols-[320px_minmax(0,1fr)] items-start gap-5">
      <section className={cls.card} aria-label={t['bo.pt.p.tree']}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-brand-800">{t['bo.pt.p.tree']}</h2>
          {canManage && (
            <button type="button" className={cls.btnSmall} onClick={() => setCreating({ parent: null })} data-testid="partner-new">
              {t['bo.pt.p.new']}
            </button>
          )}
        </div>
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t['bo.pt.p.search']}
          className={`${cls.input} mb-3 w-full`}
          aria-label={t['bo.pt.p.search']}
        />
        <ListState t={t} loading={tree.state.loading} error={tree.error} retry={tree.reload} empty={nodes.length === 0} emptyText={t['bo.pt.p.tree_empty']}>
          <Tree nodes={shown} all={!q.trim()} selected={selected} onPick={pick} t={t} />
        </ListState>
      </section>
      <div className="min-w-0">
        {selected === null ? (
          <p className="py-10 text-center text-sm text-slate-500">{t['bo.pt.p.pick']}</p>
        ) : (
          <PartnerPage
            key={selected}
            t={t}
            locale={locale}
            id={selected}
            plans={plans.data ?? []}
            canManage={canManage}
            staffCan={(p) => hasPermission(staff, p)}
            onChanged={() => void tree.reload()}
            onNewSub={(parent) => setCreating({ parent })}
            onPick={pick}
          />
        )}
      </div>
      {creating && (
        <CreateDialog
          t={t}
          parent={creating.parent}
          plans={plans.data ?? []}
          onClose={(done) => {
            setCreating(null);
            if (done) {
              setIssued(done);
              void tree.reload();
              pick(done.id);
            }
          }}
        />
      )}
      <Dialog open={!!issued} title={t['bo.pt.p.created_once']} onClose={() => setIssued(null)} labelClose={t['bo.close']} width={480}>
        {issued && (
          <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm" data-testid="partner-issued">
            <dt className="text-slate-500">{t['bo.pt.p.account']}</dt>
            <dd className="font-mono">{issued.account}</dd>
            <dt className="text-slate-500">{t['bo.pt.p.password']}</dt>
            <dd className="font-mono font-bold" data-testid="issued-password">
              {issued.password}
            </dd>
          </dl>
        )}
      </Dialog>
    </div>
  );
}

/** The tree as nested lists: top partners, their sub-partners, theirs (the server answers at most three levels). */
function Tree({ t, nodes, all, selected, onPick }: { t: T; nodes: TreeNode[]; all: boolean; selected: number | null; onPick: (id: number) => void }) {
  const ids = new Set(nodes.map((n) => n.id));
  const roots = all ? nodes.filter((n) => n.parent_id === null || !ids.has(n.parent_id)) : nodes;
  const children = (id: number) => (all ? nodes.filter((n) => n.parent_id === id) : []);
  const item = (n: TreeNode) => (
    <li key={n.id}>
      <button
        type="button"
        onClick={() => onPick(n.id)}
        aria-current={selected === n.id ? 'true' : undefined}
        data-testid="tree-node"
        data-account={n.account}
        className={`flex w-full items-center justify-between gap-2 rounded px-2 py-1.5 text-left text-sm ${selected === n.id ? 'bg-brand-50 font-semibold text-brand-800' : 'hover:bg-slate-50'}`}
      >
        <span className="min-w-0 truncate">
          {n.account} <span className="text-xs text-slate-500">{n.name}</span>
        </span>
        <span className="flex shrink-0 items-center gap-1 text-xs text-slate-500">
          {n.status !== 'active' && <Pill t={t} kind="partner_status" code={n.status} />}
          {num(n.players)}
        </span>
      </button>
      {children(n.id).length > 0 && <ul className="ml-3 border-l border-slate-200 pl-2">{children(n.id).map(item)}</ul>}
    </li>
  );
  return (
    <ul className="max-h-[70vh] overflow-y-auto" data-testid="partner-tree">
      {roots.map(item)}
    </ul>
  );
}

function PartnerPage({
  t,
  locale,
  id,
  plans,
  canManage,
  staffCan,
  onChanged,
  onNewSub,
  onPick,
}: {
  t: T;
  locale: Locale;
  id: number;
  plans: Plans;
  canManage: boolean;
  staffCan: (p: string) => boolean;
  onChanged: () => void;
  onNewSub: (parent: TreeNode) => void;
  onPick: (id: number) => void;
}) {
  const detail = usePbData('GET /partners/:id', { params: { id } });
  const d = detail.data;
  return (
    <div className="space-y-5" data-testid="partner-page">
      <ListState t={t} loading={detail.state.loading} error={detail.error} retry={detail.reload}>
        {d && (
          <>
            <Summary
              t={t}
              locale={locale}
              d={d}
              canManage={canManage}
              onNewSub={() => onNewSub({ ...d.partner, rate_cap_bp: d.partner.rate_cap_bp })}
              onPick={onPick}
            />
            <EditForm
              t={t}
              d={d}
              plans={plans}
              canManage={canManage}
              onSaved={(next) => {
                detail.setData(next);
                onChanged();
              }}
            />
            <Domains t={t} d={d} canManage={canManage} onChanged={() => void detail.reload()} />
            <Bindings t={t} locale={locale} partnerId={d.partner.id} canMove={staffCan('partners.bindings')} />
            <OwnPlayers t={t} locale={locale} partnerId={d.partner.id} canDecide={staffCan('partners.bindings')} />
          </>
        )}
      </ListState>
    </div>
  );
}

function Summary({
  t,
  locale,
  d,
  canManage,
  onNewSub,
  onPick,
}: {
  t: T;
  locale: Locale;
  d: Detail;
  canManage: boolean;
  onNewSub: () => void;
  onPick: (id: number) => void;
}) {
  const p = d.partner;
  const action = useBoAction(t);
  const { ask, dialog } = useReason(t as unknown as PbT);
  const [password, setPassword] = useState<string | null>(null);
  const reset = async () => {
    const got = await ask(t['bo.pt.p.reset_title'], p.account);
    if (!got) return;
    const answer = await action.run(() => pbApi('POST /partners/:id/reset-password', { params: { id: p.id }, body: { reason: got.reason } }));
    if (answer) setPassword(answer.initial_password);
  };
  const field = (label: string, value: React.ReactNode, testId?: string) => (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className={cls.card}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-brand-800" data-testid="partner-title">
          {p.account} <span className="text-sm font-normal text-slate-500">{p.name}</span>{' '}
          <Pill t={t} kind="partner_status" code={p.status} testId="partner-status" />
        </h2>
        {canManage && (
          <div className="flex gap-2">
            {p.level < 3 && (
              <button type="button" className={cls.btnSmall} onClick={onNewSub} data-testid="partner-new-sub">
                {t['bo.pt.p.new_sub']}
              </button>
            )}
            <button type="button" className={cls.btnSmall} onClick={() => void reset()} data-testid="partner-reset">
              {t['bo.pt.p.reset']}
            </button>
          </div>
        )}
      </div>
      {action.notice && <Banner kind={action.notice.kind}>{action.notice.text}</Banner>}
      {password && (
        <Banner kind="success" testId="partner-reset-done">
          {fill(t['bo.pt.p.reset_done'], { password })}
        </Banner>
      )}
      <dl className="grid grid-cols-4 gap-4">
        {field(t['bo.pt.p.code'], <span className="font-mono">{p.code}</span>)}
        {field(t['bo.pt.p.level'], p.level)}
        {field(
          t['bo.pt.p.parent'],
          p.parent_id ? (
            <button type="button" className="text-brand-700 underline" onClick={() => onPick(p.parent_id!)}>
              {p.parent_account}
            </button>
          ) : (
            '—'
          ),
        )}
        {field(t['bo.pt.p.plan'], p.plan_name ?? t['bo.pt.p.no_plan'])}
        {field(t['bo.pt.p.rate_cap'], p.rate_cap_bp === null ? '—' : rate(p.rate_cap_bp))}
        {field(t['bo.pt.p.players'], num(p.players))}
        {field(t['bo.pt.p.subs'], num(p.sub_partners))}
        {field(t['bo.pt.p.balance'], <span className="font-mono tabular-nums">{money(p.balance)}</span>, 'partner-balance')}
        {field(t['bo.pt.p.totp'], d.totp_enabled ? t['bo.pt.p.totp_on'] : t['bo.pt.p.totp_off'])}
        {field(t['bo.pt.p.card'], d.bank_card ? `${d.bank_card.bank} · ${d.bank_card.holder} · ${d.bank_card.card_number_masked}` : t['bo.pt.p.no_card'])}
        {field(t['bo.pt.p.created'], formatTime(p.created_at, locale))}
      </dl>
      {d.children.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{t['bo.pt.p.children']}</h3>
          <ul className="flex flex-wrap gap-2">
            {d.children.map((c) => (
              <li key={c.id}>
                <button type="button" className={cls.btnSmall} onClick={() => onPick(c.id)}>
                  {c.account} · {c.rate_cap_bp === null ? '—' : rate(c.rate_cap_bp)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {dialog}
    </section>
  );
}

function EditForm({ t, d, plans, canManage, onSaved }: { t: T; d: Detail; plans: Plans; canManage: boolean; onSaved: (next: Detail) => void }) {
  const p = d.partner;
  const start = {
    status: p.status as string,
    plan_id: p.plan_id === null ? '' : String(p.plan_id),
    rate_cap: p.rate_cap_bp === null ? '' : bpToPercentText(p.rate_cap_bp),
    name: p.name,
    contact: d.contact,
    landing_url: d.landing_url,
    notes: d.notes,
  };
  const [form, setForm] = useState(start);
  const [rateError, setRateError] = useState('');
  const action = useBoAction(t);
  const { ask, dialog } = useReason(t as unknown as PbT);
  const save = async () => {
    const patch: Record<string, unknown> = {};
    if (form.status !== start.status) patch.status = form.status;
    if (form.plan_id !== start.plan_id && form.plan_id) patch.plan_id = Number(form.plan_id);
    if (form.rate_cap !== start.rate_cap) {
      const bp = form.rate_cap.trim() === '' ? null : percentToBp(form.rate_cap);
      if (bp === undefined) return setRateError(t['bo.pt.amount_invalid']);
      patch.rate_cap_bp = bp;
    }
    setRateError('');
    for (const key of ['name', 'contact', 'landing_url', 'notes'] as const) if (form[key] !== start[key]) patch[key] = form[key];
    if (!Object.keys(patch).length) return;
    const got = await ask(t['bo.pt.p.save'], t['bo.pt.p.save_reason']);
    if (!got) return;
    const answer = await action.run(() => pbApi('PATCH /partners/:id', { params: { id: p.id }, body: { ...patch, reason: got.reason } }), t['bo.pt.p.saved'], [
      'status',
      'plan_id',
      'rate_cap_bp',
      'name',
      'contact',
      'landing_url',
      'notes',
      'reason',
    ]);
    if (answer) onSaved(answer);
  };
  const err = (name: string) => fieldError(action.failure, name);
  const input = (name: 'name' | 'contact' | 'landing_url', label: string, hint?: string) => (
    <label className="block">
      <span className={cls.label}>{label}</span>
      <input
        name={name}
        value={form[name]}
        disabled={!canManage}
        maxLength={name === 'landing_url' ? 200 : 80}
        className={`${cls.input} w-full`}
        aria-invalid={!!err(name)}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {hint && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
      {err(name) && <p className={cls.fieldError}>{err(name)}</p>}
    </label>
  );
  return (
    <section className={cls.card}>
      {action.notice && (
        <Banner kind={action.notice.kind} testId="partner-save-notice">
          {action.notice.text}
        </Banner>
      )}
      <form
        noValidate
        className="grid grid-cols-3 gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        data-testid="partner-form"
      >
        <label className="block">
          <span className={cls.label}>{t['bo.pt.p.status']}</span>
          <select
            name="status"
            value={form.status}
            disabled={!canManage}
            className={`${cls.input} w-full`}
            onChange={(e) => setForm({ ...form, status: e.target.value })}
          >
            {PARTNER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {partnerCodeName(t, 'partner_status', s)}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.p.plan']}</span>
          <select
            name="plan_id"
            value={form.plan_id}
            disabled={!canManage}
            className={`${cls.input} w-full`}
            aria-invalid={!!err('plan_id')}
            onChange={(e) => setForm({ ...form, plan_id: e.target.value })}
          >
            <option value="">—</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
          {err('plan_id') && <p className={cls.fieldError}>{err('plan_id')}</p>}
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.p.rate_cap']}</span>
          <input
            name="rate_cap"
            value={form.rate_cap}
            disabled={!canManage}
            maxLength={6}
            inputMode="decimal"
            className={`${cls.input} w-full`}
            aria-invalid={!!(rateError || err('rate_cap_bp'))}
            onChange={(e) => setForm({ ...form, rate_cap: e.target.value })}
          />
          <span className="mt-1 block text-xs text-slate-500">{t['bo.pt.p.rate_cap_hint']}</span>
          {(rateError || err('rate_cap_bp')) && <p className={cls.fieldError}>{rateError || err('rate_cap_bp')}</p>}
        </label>
        {input('name', t['bo.pt.p.name'])}
        {input('contact', t['bo.pt.p.contact'])}
        {input('landing_url', t['bo.pt.p.landing'], t['bo.pt.p.landing_hint'])}
        <label className="col-span-3 block">
          <span className={cls.label}>{t['bo.pt.p.notes']}</span>
          <textarea
            name="notes"
            rows={3}
            maxLength={2000}
            value={form.notes}
            disabled={!canManage}
            className={cls.textarea}
            onChange={(e) => setForm({ ...form, notes: e.target.value })}
          />
        </label>
        {canManage && (
          <div className="col-span-3">
            <button type="submit" className={cls.btn} disabled={action.busy} data-testid="partner-save">
              {t['bo.pt.p.save']}
            </button>
          </div>
        )}
      </form>
      {dialog}
    </section>
  );
}

function Domains({ t, d, canManage, onChanged }: { t: T; d: Detail; canManage: boolean; onChanged: () => void }) {
  const [host, setHost] = useState('');
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const add = async () => {
    const done = await action.run(() => pbApi('POST /domains', { body: { host: host.trim(), partner_id: d.partner.id } }), undefined, ['host']);
    if (done) {
      setHost('');
      onChanged();
    }
  };
  const remove = async (id: number, name: string) => {
    if (!(await ask(fill(t['bo.pt.p.domain_remove_confirm'], { host: name })))) return;
    await action.run(() => pbApi('DELETE /domains/:id', { params: { id } }));
    onChanged();
  };
  return (
    <section className={cls.card}>
      <h3 className="mb-3 text-base font-semibold text-brand-800">{t['bo.pt.p.domains']}</h3>
      {action.notice && <Banner kind={action.notice.kind}>{action.notice.text}</Banner>}
      {d.domains.length === 0 ? (
        <p className="mb-3 text-sm text-slate-500">{t['bo.pt.p.no_domains']}</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2" data-testid="partner-domains">
          {d.domains.map((dom) => (
            <li key={dom.id} className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm">
              <span className="font-mono">{dom.host}</span>
              {canManage && (
                <button
                  type="button"
                  className="text-red-700"
                  aria-label={`${t['bo.pt.p.domain_remove']} ${dom.host}`}
                  onClick={() => void remove(dom.id, dom.host)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <form
          noValidate
          className="flex items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <input
            name="host"
            value={host}
            maxLength={253}
            placeholder={t['bo.pt.p.domain_host']}
            aria-label={t['bo.pt.p.domain_host']}
            className={`${cls.input} w-72`}
            onChange={(e) => setHost(e.target.value)}
          />
          <button type="submit" className={cls.btnGhost} disabled={action.busy || !host.trim()}>
            {t['bo.pt.p.domain_add']}
          </button>
        </form>
      )}
      {dialog}
    </section>
  );
}

function Bindings({ t, locale, partnerId, canMove }: { t: T; locale: Locale; partnerId: number; canMove: boolean }) {
  const list = usePbData('GET /bindings', { query: { partner_id: partnerId }, pageSize: 20 });
  const [moving, setMoving] = useState<Binding | null>(null);
  const [history, setHistory] = useState<Binding | null>(null);
  const columns: Array<BoColumn<Binding, K>> = [
    {
      key: 'player',
      header: 'bo.pt.p.player',
      cell: (b) => (
        <a className="text-brand-700 underline" href={`${locale === 'en' ? '/en' : ''}/backoffice/player?id=${b.player_id}`}>
          {b.player_account}
        </a>
      ),
    },
    { key: 'source', header: 'bo.pt.p.source', cell: (b) => partnerCodeName(t, 'binding', b.source) },
    { key: 'campaign', header: 'bo.pt.p.campaign', cell: (b) => b.campaign || '—' },
    { key: 'ip', header: 'bo.pt.p.reg_ip', className: 'font-mono text-xs', cell: (b) => b.registration_ip || '—' },
    { key: 'bound', header: 'bo.pt.p.bound_at', className: 'whitespace-nowrap text-slate-500', cell: (b) => formatTime(b.bound_at, locale) },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (b) => (
        <span className="flex gap-2">
          <button type="button" className={cls.btnSmall} onClick={() => setHistory(b)} data-testid="binding-history">
            {t['bo.pt.p.history']}
          </button>
          {canMove && (
            <button type="button" className={cls.btnSmall} onClick={() => setMoving(b)} data-testid="binding-move">
              {t['bo.pt.p.move']}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <section className={cls.card}>
      <h3 className="mb-3 text-base font-semibold text-brand-800">{t['bo.pt.p.bindings']}</h3>
      <BoTable t={t} list={list} columns={columns} rowKey={(b) => b.player_id} testId="partner-bindings" rowTestId="binding-row" scroll />
      {moving && (
        <MoveDialog
          t={t}
          binding={moving}
          onClose={(done) => {
            setMoving(null);
            if (done) void list.reload();
          }}
        />
      )}
      {history && <HistoryDialog t={t} binding={history} onClose={() => setHistory(null)} />}
    </section>
  );
}

type OwnPlayer = v.InferOutput<PartnerRoutes['GET /own-players']>['data'][number];
const OWN_STATUS_KEY = { pending: 'bo.pt.own.status_pending', approved: 'bo.pt.own.status_approved', denied: 'bo.pt.own.status_denied' } as const;

/**
 * The partner's players who registered from its own sign-in address or device: no CPA for them until an operator
 * approves; each decision asks for a reason and is audited.
 */
function OwnPlayers({ t, locale, partnerId, canDecide }: { t: T; locale: Locale; partnerId: number; canDecide: boolean }) {
  const list = usePbData('GET /own-players', { query: { partner_id: partnerId }, pageSize: 20 });
  const action = useBoAction(t);
  const { ask, dialog } = useReason(t);
  const decide = async (r: OwnPlayer, how: 'approve' | 'deny') => {
    const got = await ask(fill(t[how === 'approve' ? 'bo.pt.own.approve_title' : 'bo.pt.own.deny_title'], { player: r.player_account }), t['bo.pt.own.hint']);
    if (!got) return;
    const route = how === 'approve' ? 'POST /own-players/:id/approve' : 'POST /own-players/:id/deny';
    await action.run(() => pbApi(route, { params: { id: r.player_id }, body: { reason: got.reason } }), t['bo.pt.own.done']);
    void list.reload();
  };
  const columns: Array<BoColumn<OwnPlayer, K>> = [
    {
      key: 'player',
      header: 'bo.pt.own.player',
      cell: (r) => (
        <a className="text-brand-700 underline" href={`${locale === 'en' ? '/en' : ''}/backoffice/player?id=${r.player_id}`}>
          {r.player_account}
        </a>
      ),
    },
    { key: 'shared', header: 'bo.pt.own.shared', cell: (r) => r.kinds.map((k) => t[k === 'ip' ? 'bo.pt.own.kind_ip' : 'bo.pt.own.kind_device']).join('、') },
    { key: 'at', header: 'bo.pt.own.at', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.created_at, locale) },
    { key: 'status', header: 'bo.pt.own.status', cell: (r) => <span data-testid="own-status">{t[OWN_STATUS_KEY[r.status]]}</span> },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (r) =>
        canDecide && r.status === 'pending' ? (
          <span className="flex gap-2">
            <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void decide(r, 'approve')} data-testid="own-approve">
              {t['bo.pt.own.approve']}
            </button>
            <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void decide(r, 'deny')} data-testid="own-deny">
              {t['bo.pt.own.deny']}
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <section className={cls.card} data-testid="partner-own-players">
      <h3 className="mb-1 text-base font-semibold text-brand-800">{t['bo.pt.own.title']}</h3>
      <p className="mb-3 text-sm text-slate-600">{t['bo.pt.own.hint']}</p>
      {action.notice && <Banner kind={action.notice.kind}>{action.notice.text}</Banner>}
      <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.player_id} testId="own-players" rowTestId="own-row" scroll />
      {dialog}
    </section>
  );
}

type Span = v.InferOutput<PartnerRoutes['GET /bindings/:id/history']>[number];

/** Which partners held the player over which Taipei days, newest first: what each statement counted for whom. */
function HistoryDialog({ t, binding, onClose }: { t: T; binding: Binding; onClose: () => void }) {
  const list = usePbData('GET /bindings/:id/history', { params: { id: binding.player_id } });
  const spans: Span[] = list.data ?? [];
  return (
    <Dialog open title={fill(t['bo.pt.p.history_title'], { player: binding.player_account })} onClose={onClose} labelClose={t['bo.close']} width={600}>
      <ListState t={t} {...list.state}>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="binding-history-table">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1 pr-3">{t['bo.pt.p.history_partner']}</th>
                <th className="py-1 pr-3">{t['bo.pt.p.source']}</th>
                <th className="py-1 pr-3">{t['bo.pt.p.history_from']}</th>
                <th className="py-1">{t['bo.pt.p.history_until']}</th>
              </tr>
            </thead>
            <tbody>
              {spans.map((s) => (
                <tr key={`${s.partner_id}-${s.from_day ?? ''}`} className="border-t border-slate-100" data-testid="binding-history-row">
                  <td className="py-1 pr-3">{s.partner_account}</td>
                  <td className="py-1 pr-3">{partnerCodeName(t, 'binding', s.source)}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{s.from_day ?? t['bo.pt.p.history_since_registration']}</td>
                  <td className="py-1 whitespace-nowrap">{s.until_day ?? t['bo.pt.p.history_now']}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
    </Dialog>
  );
}

/** Moving one player to another partner (by the target's account) or unbinding it (target left empty), with a reason. */
function MoveDialog({ t, binding, onClose }: { t: T; binding: Binding; onClose: (done: boolean) => void }) {
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState('');
  const action = useBoAction(t);
  const submit = async () => {
    if (!reason.trim()) return setMissing(t['bo.pt.reason_required']);
    setMissing('');
    let partnerId: number | null = null;
    if (target.trim()) {
      const found = await action.run(() => pbApi('GET /partners', { query: { q: target.trim(), page: 1, pageSize: 10 } }));
      if (!found) return;
      const exact = found.data.find((p) => p.account.toLowerCase() === target.trim().toLowerCase());
      if (!exact) return setMissing(t['bo.pt.p.move_target_hint']);
      partnerId = exact.id;
    }
    const done = await action.run(
      () => pbApi('POST /bindings/move', { body: { player_id: binding.player_id, partner_id: partnerId, reason: reason.trim() } }),
      undefined,
      ['partner_id', 'reason'],
    );
    if (done !== undefined) onClose(true);
  };
  return (
    <Dialog
      open
      title={fill(t['bo.pt.p.move_title'], { player: binding.player_account })}
      onClose={() => onClose(false)}
      labelClose={t['bo.close']}
      width={480}
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="move-form"
      >
        {action.notice && <Banner kind={action.notice.kind}>{action.notice.text}</Banner>}
        <p className="text-sm text-slate-600">{t['bo.pt.p.move_effect']}</p>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.p.move_target']}</span>
          <input name="target" value={target} maxLength={12} className={`${cls.input} w-full`} onChange={(e) => setTarget(e.target.value)} />
          <span className="mt-1 block text-xs text-slate-500">{t['bo.pt.p.move_target_hint']}</span>
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.reason']}</span>
          <textarea
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            className={cls.textarea}
            aria-invalid={!!missing}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {missing && (
          <p className={cls.fieldError} role="alert">
            {missing}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" className={cls.btnGhost} onClick={() => onClose(false)}>
            {t['bo.cancel']}
          </button>
          <button type="submit" className={cls.btn} disabled={action.busy} data-testid="move-submit">
            {t['bo.pt.p.move']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function CreateDialog({
  t,
  parent,
  plans,
  onClose,
}: {
  t: T;
  parent: TreeNode | null;
  plans: Plans;
  onClose: (done: { id: number; account: string; password: string } | null) => void;
}) {
  const [form, setForm] = useState({ account: '', name: '', plan_id: '', rate_cap: '', code: '', contact: '' });
  const [rateError, setRateError] = useState('');
  const action = useBoAction(t);
  const err = (name: string) => fieldError(action.failure, name);
  const submit = async () => {
    const bp = form.rate_cap.trim() ? percentToBp(form.rate_cap) : undefined;
    if (form.rate_cap.trim() && bp === undefined) return setRateError(t['bo.pt.amount_invalid']);
    setRateError('');
    const answer = await action.run(
      () =>
        pbApi('POST /partners', {
          body: {
            account: form.account.trim(),
            name: form.name.trim(),
            plan_id: Number(form.plan_id) || 0,
            ...(parent ? { parent_id: parent.id } : {}),
            ...(bp !== undefined ? { rate_cap_bp: bp } : {}),
            ...(form.code.trim() ? { code: form.code.trim() } : {}),
            contact: form.contact.trim(),
          },
        }),
      undefined,
      ['account', 'name', 'plan_id', 'rate_cap_bp', 'code', 'contact', 'parent_id'],
    );
    if (answer) onClose({ id: answer.partner_id, account: answer.account, password: answer.initial_password });
  };
  const input = (name: keyof typeof form, label: string, max = 40, errName: string = name) => (
    <label className="block">
      <span className={cls.label}>{label}</span>
      <input
        name={name}
        value={form[name]}
        maxLength={max}
        className={`${cls.input} w-full`}
        aria-invalid={!!err(errName)}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {err(errName) && <p className={cls.fieldError}>{err(errName)}</p>}
    </label>
  );
  return (
    <Dialog
      open
      title={parent ? `${t['bo.pt.p.new_sub']} — ${parent.account}` : t['bo.pt.p.new']}
      onClose={() => onClose(null)}
      labelClose={t['bo.close']}
      width={600}
    >
      <form
        noValidate
        className="grid grid-cols-2 gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="partner-create-form"
      >
        {action.notice && (
          <div className="col-span-2">
            <Banner kind={action.notice.kind}>{action.notice.text}</Banner>
          </div>
        )}
        {input('account', t['bo.pt.p.account'], 12)}
        {input('name', t['bo.pt.p.name'])}
        <label className="block">
          <span className={cls.label}>{t['bo.pt.p.plan']}</span>
          <select
            name="plan_id"
            value={form.plan_id}
            className={`${cls.input} w-full`}
            aria-invalid={!!err('plan_id')}
            onChange={(e) => setForm({ ...form, plan_id: e.target.value })}
          >
            <option value="">—</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
          {err('plan_id') && <p className={cls.fieldError}>{err('plan_id')}</p>}
        </label>
        <label className="block">
          <span className={cls.label}>{t['bo.pt.p.rate_cap']}</span>
          <input
            name="rate_cap"
            value={form.rate_cap}
            maxLength={6}
            inputMode="decimal"
            className={`${cls.input} w-full`}
            aria-invalid={!!(rateError || err('rate_cap_bp'))}
            onChange={(e) => setForm({ ...form, rate_cap: e.target.value })}
          />
          <span className="mt-1 block text-xs text-slate-500">
            {parent?.rate_cap_bp != null ? `≤ ${rate(parent.rate_cap_bp)}` : t['bo.pt.p.rate_cap_hint']}
          </span>
          {(rateError || err('rate_cap_bp')) && <p className={cls.fieldError}>{rateError || err('rate_cap_bp')}</p>}
        </label>
        {input('code', t['bo.pt.p.code'], 16)}
        {input('contact', t['bo.pt.p.contact'], 80)}
        <div className="col-span-2 flex justify-end gap-3">
          <button type="button" className={cls.btnGhost} onClick={() => onClose(null)}>
            {t['bo.cancel']}
          </button>
          <button type="submit" className={cls.btn} disabled={action.busy} data-testid="partner-create">
            {t['bo.pt.p.create']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
