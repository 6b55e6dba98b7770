// The back office's red-packet desk (mode 11): rounds with live claimed and remaining counts
// (refreshed every few seconds), the round editor (before a round starts and while nobody has claimed), cancel,
// and the claims queue with approve, or reject with a reason. The server audits every action.
import { useEffect, useState, type FormEvent } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, ConfirmDialog, Guard, cls, errorText, formatTime, type IslandProps } from '../kit/common.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { useBoData } from '../kit/data.ts';
import { Dialog } from '../../common/Dialog.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { ClaimView, RoundInput, RoundView } from '../../../shared/schemas/redpacket.ts';
import { fromTaipeiInputValue, taipeiInputValue } from '../../../shared/time.ts';
import { NoticeBanner, useBoAction, type Notice } from '../kit/form.tsx';
import { formatDecimal } from '../../../shared/money.ts';

export const RED_PACKET_BO_KEYS = [
  ...COMMON_KEYS,
  'bo.redpacket.rounds',
  'bo.redpacket.claims',
  'bo.redpacket.new',
  'bo.redpacket.edit',
  'bo.redpacket.cancel',
  'bo.redpacket.cancel_confirm',
  'bo.redpacket.save',
  'bo.redpacket.saved',
  'bo.redpacket.live_note',
  'bo.redpacket.f.title',
  'bo.redpacket.f.title_en',
  'bo.redpacket.f.starts_at',
  'bo.redpacket.f.ends_at',
  'bo.redpacket.f.pool',
  'bo.redpacket.f.packet_count',
  'bo.redpacket.f.min_packet',
  'bo.redpacket.f.max_packet',
  'bo.redpacket.f.min_level',
  'bo.redpacket.f.lookback_days',
  'bo.redpacket.f.min_deposit',
  'bo.redpacket.f.min_valid_bet',
  'bo.redpacket.f.flow_multiple',
  'bo.redpacket.f.approval_ceiling',
  'bo.redpacket.f.position',
  'bo.redpacket.f.picture',
  'bo.redpacket.f.show_page_type',
  'bo.redpacket.position.left',
  'bo.redpacket.position.right',
  'bo.redpacket.show.0',
  'bo.redpacket.show.1',
  'bo.redpacket.col.window',
  'bo.redpacket.col.state',
  'bo.redpacket.col.claimed',
  'bo.redpacket.col.remaining',
  'bo.redpacket.col.paid',
  'bo.redpacket.col.pending',
  'bo.redpacket.state.upcoming',
  'bo.redpacket.state.live',
  'bo.redpacket.state.sold_out',
  'bo.redpacket.state.ended',
  'bo.redpacket.state.cancelled',
  'bo.redpacket.col.player',
  'bo.redpacket.col.round',
  'bo.redpacket.col.amount',
  'bo.redpacket.col.claimed_at',
  'bo.redpacket.col.status',
  'bo.redpacket.col.reason',
  'bo.redpacket.status.all',
  'bo.redpacket.status.pending',
  'bo.redpacket.status.approved',
  'bo.redpacket.status.rejected',
  'bo.redpacket.approve',
  'bo.redpacket.reject',
  'bo.redpacket.reject_reason',
] as const;
type K = (typeof RED_PACKET_BO_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;
/** Live counts of the rounds list refresh this often while the page is open. */
const LIVE_REFRESH_MS = 5000;

export default function BackofficeRedPackets({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="redpacket.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  // The dashboard links to the claims queue with ?tab=claims; the body renders only in the browser, behind the guard.
  const [tab, setTab] = useState<'rounds' | 'claims'>(() => (new URLSearchParams(window.location.search).get('tab') === 'claims' ? 'claims' : 'rounds'));
  return (
    <div className="max-w-7xl space-y-4">
      <div className="flex gap-2" role="tablist">
        {(['rounds', 'claims'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            data-testid={`rp-tab-${k}`}
            className={tab === k ? cls.btn : cls.btnGhost}
          >
            {t[`bo.redpacket.${k}`]}
          </button>
        ))}
      </div>
      {tab === 'rounds' ? <Rounds t={t} locale={locale} /> : <Claims t={t} locale={locale} />}
    </div>
  );
}

/** datetime-local text in GMT+8 for an ISO instant, and back: operators schedule in the site's zone. */
const toLocalInput = (iso: string) => taipeiInputValue(iso);
const fromLocalInput = (text: string) => fromTaipeiInputValue(text) ?? '';

function blankRound(): RoundInput {
  const start = new Date(Date.now() + 10 * 60_000);
  return {
    title: '',
    title_en: '',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    pool: '1000.00',
    packet_count: 100,
    min_packet: '1.00',
    max_packet: '50.00',
    min_level: 0,
    lookback_days: 0,
    min_deposit: '0',
    min_valid_bet: '0',
    flow_multiple: 1,
    approval_ceiling: '100.00',
    position: 'right',
    picture_id: null,
    show_page_type: 0,
  };
}

function Rounds({ t, locale }: { t: T; locale: Locale }) {
  const list = useBoData('GET /red-packets/rounds', { pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<{ id: number | null; form: RoundInput } | null>(null);
  const [cancelling, setCancelling] = useState<RoundView | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') void list.reload();
    }, LIVE_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [list.reload]);

  const edit = (r: RoundView) =>
    setEditing({
      id: r.id,
      form: {
        title: r.title,
        title_en: r.title_en,
        starts_at: r.starts_at,
        ends_at: r.ends_at,
        pool: r.pool,
        packet_count: r.packet_count,
        min_packet: r.min_packet,
        max_packet: r.max_packet,
        min_level: r.min_level,
        lookback_days: r.lookback_days,
        min_deposit: r.min_deposit,
        min_valid_bet: r.min_valid_bet,
        flow_multiple: r.flow_multiple,
        approval_ceiling: r.approval_ceiling,
        position: r.position,
        picture_id: r.picture_id,
        show_page_type: r.show_page_type,
      },
    });
  const doCancel = async () => {
    if (!cancelling) return;
    try {
      await boApi('POST /red-packets/rounds/:id/cancel', { params: { id: cancelling.id } });
      setNotice({ kind: 'success', text: t['bo.redpacket.saved'] });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setCancelling(null);
    void list.reload();
  };
  const columns: Array<BoColumn<RoundView, K>> = [
    { key: 'id', header: 'bo.redpacket.col.round', headerCell: 'ID', cell: (r) => r.id },
    { key: 'round', header: 'bo.redpacket.col.round', cell: (r) => (locale === 'en' ? r.title_en : r.title) },
    {
      key: 'window',
      header: 'bo.redpacket.col.window',
      className: 'whitespace-nowrap text-xs',
      cell: (r) => (
        <>
          {formatTime(r.starts_at, locale)}
          <br />
          {formatTime(r.ends_at, locale)}
        </>
      ),
    },
    { key: 'pool', header: 'bo.redpacket.f.pool', align: 'right', className: 'tabular-nums', cell: (r) => formatDecimal(r.pool) },
    { key: 'count', header: 'bo.redpacket.f.packet_count', align: 'right', className: 'tabular-nums', cell: (r) => r.packet_count },
    { key: 'state', header: 'bo.redpacket.col.state', cell: (r) => t[`bo.redpacket.state.${r.state}`] },
    { key: 'claimed', header: 'bo.redpacket.col.claimed', align: 'right', className: 'tabular-nums', cell: (r) => r.claimed },
    { key: 'remaining', header: 'bo.redpacket.col.remaining', align: 'right', className: 'tabular-nums', cell: (r) => r.remaining },
    { key: 'paid', header: 'bo.redpacket.col.paid', align: 'right', className: 'tabular-nums', cell: (r) => r.paid },
    { key: 'pending', header: 'bo.redpacket.col.pending', align: 'right', className: 'tabular-nums', cell: (r) => r.pending },
    {
      key: 'actions',
      header: 'bo.actions',
      className: 'space-x-1 whitespace-nowrap',
      cell: (r) => (
        <>
          {r.state === 'upcoming' && r.claimed === 0 && (
            <button type="button" className={cls.btnSmall} onClick={() => edit(r)}>
              {t['bo.redpacket.edit']}
            </button>
          )}
          {r.status === 'scheduled' && r.state !== 'ended' && (
            <button type="button" className={cls.btnDanger} onClick={() => setCancelling(r)}>
              {t['bo.redpacket.cancel']}
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <section className={cls.card}>
      <div className="mb-4 flex items-center justify-between">
        <p className="text-sm text-slate-500">{t['bo.redpacket.live_note']}</p>
        <div className="flex gap-2">
          <button type="button" className={cls.btnGhost} onClick={() => void list.reload()}>
            {t['bo.refresh']}
          </button>
          <button type="button" className={cls.btn} onClick={() => setEditing({ id: null, form: blankRound() })} data-testid="rp-new">
            {t['bo.redpacket.new']}
          </button>
        </div>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <BoTable t={t} list={list} columns={columns} rowKey={(r) => r.id} testId="rp-rounds" />
      {editing && (
        <RoundEditor
          t={t}
          initial={editing.form}
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice({ kind: 'success', text: t['bo.redpacket.saved'] });
            void list.reload();
          }}
        />
      )}
      <ConfirmDialog
        t={t}
        open={!!cancelling}
        message={t['bo.redpacket.cancel_confirm']}
        onConfirm={() => void doCancel()}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}

function RoundEditor({ t, initial, id, onClose, onSaved }: { t: T; initial: RoundInput; id: number | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <F extends keyof RoundInput>(field: F, value: RoundInput[F]) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure('');
    try {
      if (id) await boApi('PUT /red-packets/rounds/:id', { params: { id }, body: form });
      else await boApi('POST /red-packets/rounds', { body: form });
      onSaved();
    } catch (err) {
      if (err instanceof BoFailure && err.body?.error) {
        setErrors(Object.fromEntries(Object.entries(err.body.error).map(([k, v]) => [k, (v ?? []).join(' ')])));
      }
      setFailure(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File) => {
    const data = new FormData();
    data.append('file', file);
    try {
      const res = await boApi('POST /uploads/images', { body: data });
      if (res.files[0]) set('picture_id', res.files[0].id);
    } catch (err) {
      setFailure(errorText(err, t));
    }
  };

  const text = (field: 'title' | 'title_en' | 'pool' | 'min_packet' | 'max_packet' | 'min_deposit' | 'min_valid_bet' | 'approval_ceiling', max = 60) => (
    <Field t={t} field={field} error={errors[field]}>
      <input
        id={`rp-${field}`}
        className={`${cls.input} w-full`}
        value={form[field]}
        maxLength={max}
        aria-invalid={!!errors[field]}
        onChange={(e) => set(field, e.target.value)}
        data-testid={`rp-${field}`}
      />
    </Field>
  );
  const num = (field: 'packet_count' | 'min_level' | 'lookback_days' | 'flow_multiple', max: number) => (
    <Field t={t} field={field} error={errors[field]}>
      <input
        id={`rp-${field}`}
        type="number"
        min={0}
        max={max}
        className={`${cls.input} w-full`}
        value={form[field]}
        aria-invalid={!!errors[field]}
        onChange={(e) => set(field, Math.max(0, Math.min(max, Math.trunc(Number(e.target.value) || 0))))}
        data-testid={`rp-${field}`}
      />
    </Field>
  );
  const when = (field: 'starts_at' | 'ends_at') => (
    <Field t={t} field={field} error={errors[field]}>
      <input
        id={`rp-${field}`}
        type="datetime-local"
        className={`${cls.input} w-full`}
        value={form[field] ? toLocalInput(form[field]) : ''}
        aria-invalid={!!errors[field]}
        onChange={(e) => set(field, fromLocalInput(e.target.value))}
        data-testid={`rp-${field}`}
      />
    </Field>
  );
  return (
    <Dialog open title={id ? t['bo.redpacket.edit'] : t['bo.redpacket.new']} onClose={onClose} width={600} labelClose={t['bo.close']}>
      <form className="max-h-[75vh] overflow-y-auto p-5" onSubmit={(e) => void submit(e)} noValidate>
        {failure && <Banner kind="error">{failure}</Banner>}
        <div className="grid grid-cols-2 gap-x-4 gap-y-3">
          {text('title')}
          {text('title_en')}
          {when('starts_at')}
          {when('ends_at')}
          {text('pool', 16)}
          {num('packet_count', 10_000)}
          {text('min_packet', 16)}
          {text('max_packet', 16)}
          {num('min_level', 10)}
          {num('lookback_days', 365)}
          {text('min_deposit', 16)}
          {text('min_valid_bet', 16)}
          {num('flow_multiple', 100)}
          {text('approval_ceiling', 16)}
          <Field t={t} field="position" error={errors.position}>
            <select
              id="rp-position"
              className={`${cls.input} w-full`}
              value={form.position}
              onChange={(e) => set('position', e.target.value === 'left' ? 'left' : 'right')}
            >
              <option value="left">{t['bo.redpacket.position.left']}</option>
              <option value="right">{t['bo.redpacket.position.right']}</option>
            </select>
          </Field>
          <Field t={t} field="show_page_type" error={errors.show_page_type}>
            <select
              id="rp-show_page_type"
              className={`${cls.input} w-full`}
              value={form.show_page_type}
              onChange={(e) => set('show_page_type', e.target.value === '1' ? 1 : 0)}
            >
              <option value="0">{t['bo.redpacket.show.0']}</option>
              <option value="1">{t['bo.redpacket.show.1']}</option>
            </select>
          </Field>
          <Field t={t} field="picture" error={errors.picture_id}>
            <input
              id="rp-picture"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="block w-full text-sm"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
              }}
            />
            {form.picture_id !== null && (
              <p className="mt-1 text-xs text-slate-500">
                #{form.picture_id}{' '}
                <button type="button" className="underline" onClick={() => set('picture_id', null)}>
                  ✕
                </button>
              </p>
            )}
          </Field>
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={cls.btnGhost} onClick={onClose}>
            {t['bo.cancel']}
          </button>
          <button type="submit" className={cls.btn} disabled={busy} data-testid="rp-save">
            {t['bo.redpacket.save']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function Field({ t, field, error, children }: { t: T; field: string; error?: string; children: React.ReactNode }) {
  const label = t[`bo.redpacket.f.${field}` as K] ?? field;
  return (
    <div>
      <label className={cls.label} htmlFor={`rp-${field}`}>
        {label}
      </label>
      {children}
      {error && <p className={cls.fieldError}>{error}</p>}
    </div>
  );
}

function Claims({ t, locale }: { t: T; locale: Locale }) {
  const [status, setStatus] = useState<'' | 'pending' | 'approved' | 'rejected'>('pending');
  const list = useBoData('GET /red-packets/claims', { query: { status: status || undefined }, pageSize: PAGE_SIZE });
  const [rejecting, setRejecting] = useState<ClaimView | null>(null);
  const [reason, setReason] = useState('');
  const { busy, notice, run } = useBoAction(t);
  const act = async (call: () => Promise<unknown>) => {
    await run(call, t['bo.redpacket.saved']);
    void list.reload();
  };
  const columns: Array<BoColumn<ClaimView, K>> = [
    { key: 'id', header: 'bo.redpacket.col.round', headerCell: 'ID', cell: (c) => c.id },
    { key: 'round', header: 'bo.redpacket.col.round', cell: (c) => c.round_title },
    { key: 'player', header: 'bo.redpacket.col.player', cell: (c) => c.account },
    { key: 'amount', header: 'bo.redpacket.col.amount', align: 'right', className: 'tabular-nums', cell: (c) => formatDecimal(c.amount) },
    { key: 'claimed', header: 'bo.redpacket.col.claimed_at', className: 'whitespace-nowrap', cell: (c) => formatTime(c.claimed_at, locale) },
    { key: 'status', header: 'bo.redpacket.col.status', cell: (c) => t[`bo.redpacket.status.${c.status}`] },
    { key: 'reason', header: 'bo.redpacket.col.reason', cell: (c) => c.reason ?? '—' },
    {
      key: 'actions',
      header: 'bo.actions',
      className: 'space-x-1 whitespace-nowrap',
      cell: (c) =>
        c.status === 'pending' && (
          <>
            <button
              type="button"
              className={cls.btnSmall}
              disabled={busy}
              onClick={() => void act(() => boApi('POST /red-packets/claims/:id/approve', { params: { id: c.id } }))}
            >
              {t['bo.redpacket.approve']}
            </button>
            <button
              type="button"
              className={cls.btnDanger}
              disabled={busy}
              onClick={() => {
                setReason('');
                setRejecting(c);
              }}
            >
              {t['bo.redpacket.reject']}
            </button>
          </>
        ),
    },
  ];
  return (
    <section className={cls.card}>
      <div className="mb-4 flex items-center gap-3">
        <label className="text-sm" htmlFor="rp-status">
          {t['bo.redpacket.col.status']}
        </label>
        <select id="rp-status" className={cls.input} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} data-testid="rp-claim-status">
          <option value="">{t['bo.redpacket.status.all']}</option>
          <option value="pending">{t['bo.redpacket.status.pending']}</option>
          <option value="approved">{t['bo.redpacket.status.approved']}</option>
          <option value="rejected">{t['bo.redpacket.status.rejected']}</option>
        </select>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()}>
          {t['bo.refresh']}
        </button>
      </div>
      <NoticeBanner notice={notice} />
      <BoTable t={t} list={list} columns={columns} rowKey={(c) => c.id} testId="rp-claims" />
      <Dialog open={!!rejecting} title={t['bo.redpacket.reject']} onClose={() => setRejecting(null)} labelClose={t['bo.close']}>
        <form
          className="p-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (!rejecting || !reason.trim()) return;
            const id = rejecting.id;
            void act(() => boApi('POST /red-packets/claims/:id/reject', { params: { id }, body: { reason: reason.trim() } }));
            setRejecting(null);
          }}
        >
          <label className={cls.label} htmlFor="rp-reason">
            {t['bo.redpacket.reject_reason']}
          </label>
          <textarea id="rp-reason" className={cls.textarea} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="mt-4 flex justify-end gap-3">
            <button type="button" className={cls.btnGhost} onClick={() => setRejecting(null)}>
              {t['bo.cancel']}
            </button>
            <button type="submit" className={cls.btn} disabled={!reason.trim()}>
              {t['bo.redpacket.reject']}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
