// The back office's VIP desk: the level editor with a preview of how many players a change
// would move, the gift catalogue with image upload, and the points mall's fulfilment queue.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, BoFailure } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, ListState, cls, errorText, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import {
  GAME_GROUPS,
  GIFT_IMAGE_MAX_BYTES,
  ORDER_STATUSES,
  REWARD_TARGETS,
  type GiftAdminView,
  type LevelAdminView,
  type LevelPreviewView,
  type OrderQueueView,
} from '../../../shared/schemas/vip.ts';
import { GIFT_STATUS } from '../../../shared/statuses.ts';
import { GROUP_KEYS, groupName } from '../kit/codes.ts';
import { fromTaipeiInputValue, taipeiInputValue } from '../../../shared/time.ts';
import { formatDecimal, formatPoints } from '../../../shared/money.ts';

export const VIP_BO_KEYS = [
  ...COMMON_KEYS,
  ...GROUP_KEYS,
  'bo.vip.tab.levels',
  'bo.vip.tab.gifts',
  'bo.vip.tab.orders',
  'bo.vip.level',
  'bo.vip.players',
  'bo.vip.edit',
  'bo.vip.save',
  'bo.vip.saved',
  'bo.vip.preview',
  'bo.vip.preview_result',
  'bo.vip.f.name_frontend',
  'bo.vip.f.name_frontend_en',
  'bo.vip.f.if_show_frontend',
  'bo.vip.f.deposit_req',
  'bo.vip.f.valid_bet_req',
  'bo.vip.f.keep_valid_bet',
  'bo.vip.f.upgrade_reward',
  'bo.vip.f.monthly_reward',
  'bo.vip.f.birthday_reward',
  'bo.vip.f.reward_target',
  'bo.vip.f.reward_flow_multiple',
  'bo.vip.f.withdraw_max_per_day',
  'bo.vip.f.withdraw_free_per_day',
  'bo.vip.f.withdraw_fee',
  'bo.vip.f.rebate_rate_bp',
  'bo.vip.f.points_rates',
  'bo.vip.target.bonus',
  'bo.vip.target.central',
  'bo.vip.gift.new',
  'bo.vip.gift.name',
  'bo.vip.gift.name_en',
  'bo.vip.gift.description',
  'bo.vip.gift.description_en',
  'bo.vip.gift.image',
  'bo.vip.gift.points',
  'bo.vip.gift.stock',
  'bo.vip.gift.show_start',
  'bo.vip.gift.show_end',
  'bo.vip.gift.limit',
  'bo.vip.gift.kind',
  'bo.vip.gift.kind.physical',
  'bo.vip.gift.kind.virtual',
  'bo.vip.gift.bonus',
  'bo.vip.gift.flow',
  'bo.vip.gift.status',
  'bo.vip.gift.on',
  'bo.vip.gift.off',
  'bo.vip.gift.sort',
  'bo.vip.image_too_large',
  'bo.vip.order.player',
  'bo.vip.order.gift',
  'bo.vip.order.points',
  'bo.vip.order.address',
  'bo.vip.order.status',
  'bo.vip.order.tracking',
  'bo.vip.order.reason',
  'bo.vip.order.ship',
  'bo.vip.order.receive',
  'bo.vip.order.reject',
  'bo.vip.order.all',
  'bo.vip.status.not_shipped',
  'bo.vip.status.shipped',
  'bo.vip.status.received',
  'bo.vip.status.rejected',
] as const;
type K = (typeof VIP_BO_KEYS)[number];
type T = IslandProps<K>['t'];

export default function Vip({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="exchange.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canManage = hasPermission(staff, 'vip.manage');
  // The dashboard links to the gift orders to ship with ?tab=orders; the body renders only in the browser, behind the guard.
  const [tab, setTab] = useState<'levels' | 'gifts' | 'orders'>(() =>
    !canManage || new URLSearchParams(window.location.search).get('tab') === 'orders' ? 'orders' : 'levels',
  );
  const tabs = (canManage ? ['levels', 'gifts', 'orders'] : ['orders']) as Array<typeof tab>;
  return (
    <div className="max-w-7xl space-y-4">
      <div role="tablist" className="flex gap-2">
        {tabs.map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={tab === k}
            className={tab === k ? cls.btn : cls.btnGhost}
            onClick={() => setTab(k)}
            data-testid={`vip-tab-${k}`}
          >
            {t[`bo.vip.tab.${k}`]}
          </button>
        ))}
      </div>
      {tab === 'levels' && <Levels t={t} locale={locale} />}
      {tab === 'gifts' && <Gifts t={t} locale={locale} />}
      {tab === 'orders' && <Orders t={t} locale={locale} />}
    </div>
  );
}

// ---- levels ----

type LevelRow = LevelAdminView;
const MONEY_FIELDS = ['deposit_req', 'valid_bet_req', 'keep_valid_bet', 'upgrade_reward', 'monthly_reward', 'birthday_reward', 'withdraw_fee'] as const;
/** The level list's figures, each under its form field's header. */
const LEVEL_COLUMNS = ['deposit_req', 'valid_bet_req', 'keep_valid_bet', 'upgrade_reward', 'monthly_reward', 'birthday_reward', 'rebate_rate_bp'] as const;
const INT_FIELDS = ['reward_flow_multiple', 'withdraw_max_per_day', 'withdraw_free_per_day', 'rebate_rate_bp'] as const;

function Levels({ t, locale }: { t: T; locale: Locale }) {
  const { data: rows, error, reload } = useBoData('GET /vip/levels');
  const [editing, setEditing] = useState<LevelRow | null>(null);
  if (!rows || error) return <ListState t={t} loading={!rows} error={error} retry={reload} />;
  return (
    <section className={cls.card}>
      <div className="overflow-x-auto">
        <BoTable
          t={t}
          rows={rows}
          rowKey={(r) => r.id}
          testId="bo-vip-levels"
          columns={[
            {
              key: 'level',
              header: 'bo.vip.level',
              cell: (r) => (
                <>
                  <img src={r.icon} alt="" width={18} height={18} className="mr-1 inline" />
                  Lv.{r.id} {r.name}
                  {r.if_show_frontend ? '' : ' (—)'}
                </>
              ),
            },
            { key: 'players', header: 'bo.vip.players', cell: (r) => formatPoints(r.players) },
            ...LEVEL_COLUMNS.map((f): BoColumn<LevelRow, K> => ({
              key: f,
              header: `bo.vip.f.${f}`,
              align: 'right',
              className: 'whitespace-nowrap tabular-nums',
              cell: (r) => (f === 'rebate_rate_bp' ? formatPoints(r[f]) : formatDecimal(String(r[f]))),
            })),
            {
              key: 'actions',
              header: 'bo.actions',
              cell: (r) => (
                <button type="button" className={cls.btnSmall} onClick={() => setEditing(r)}>
                  {t['bo.vip.edit']}
                </button>
              ),
            },
          ]}
        />
      </div>
      {editing && (
        <LevelEditor
          key={editing.id}
          t={t}
          locale={locale}
          row={editing}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
    </section>
  );
}

function LevelEditor({ t, row, onSaved }: { t: T; locale: Locale; row: LevelRow; onSaved: () => void }) {
  const [form, setForm] = useState(() => ({ ...row, points_rates: { ...row.points_rates } }));
  const [preview, setPreview] = useState<LevelPreviewView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const body = () => ({
    name_frontend: form.name_frontend,
    name_frontend_en: form.name_frontend_en,
    if_show_frontend: form.if_show_frontend,
    ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, String(form[f]).trim()])),
    ...Object.fromEntries(INT_FIELDS.map((f) => [f, Number(form[f])])),
    reward_target: form.reward_target,
    points_rates: Object.fromEntries(GAME_GROUPS.map((g) => [g, Number(form.points_rates[g] ?? 0)])),
  });
  const run = async (kind: 'preview' | 'save') => {
    setBusy(true);
    setError(null);
    try {
      if (kind === 'preview') setPreview(await boApi('POST /vip/levels/:id/preview', { params: { id: row.id }, body: body() }));
      else {
        await boApi('PUT /vip/levels/:id', { params: { id: row.id }, body: body() });
        onSaved();
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (f: string) => (error instanceof BoFailure ? error.field(f) : undefined);
  return (
    <form
      className="mt-5 space-y-3 border-t border-slate-200 pt-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void run('save');
      }}
      data-testid="bo-vip-level-form"
    >
      <h3 className="font-semibold">Lv.{row.id}</h3>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {(['name_frontend', 'name_frontend_en'] as const).map((f) => (
          <label key={f}>
            <span className={cls.label}>{t[`bo.vip.f.${f}`]}</span>
            <input className={cls.input} value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} aria-invalid={!!fieldError(f)} />
          </label>
        ))}
        <label className="flex items-center gap-2 pt-6">
          <input type="checkbox" checked={form.if_show_frontend} onChange={(e) => setForm({ ...form, if_show_frontend: e.target.checked })} />
          {t['bo.vip.f.if_show_frontend']}
        </label>
        <label>
          <span className={cls.label}>{t['bo.vip.f.reward_target']}</span>
          <select
            className={cls.input}
            value={form.reward_target}
            onChange={(e) => setForm({ ...form, reward_target: REWARD_TARGETS.find((x) => x === e.target.value) ?? form.reward_target })}
          >
            {REWARD_TARGETS.map((x) => (
              <option key={x} value={x}>
                {t[`bo.vip.target.${x}`]}
              </option>
            ))}
          </select>
        </label>
        {MONEY_FIELDS.map((f) => (
          <label key={f}>
            <span className={cls.label}>{t[`bo.vip.f.${f}`]}</span>
            <input
              className={cls.input}
              inputMode="decimal"
              name={f}
              value={form[f]}
              onChange={(e) => setForm({ ...form, [f]: e.target.value })}
              aria-invalid={!!fieldError(f)}
            />
            {fieldError(f) && <span className={cls.fieldError}>{fieldError(f)}</span>}
          </label>
        ))}
        {INT_FIELDS.map((f) => (
          <label key={f}>
            <span className={cls.label}>{t[`bo.vip.f.${f}`]}</span>
            <input className={cls.input} type="number" min={0} name={f} value={form[f]} onChange={(e) => setForm({ ...form, [f]: Number(e.target.value) })} />
          </label>
        ))}
      </div>
      <fieldset>
        <legend className={cls.label}>{t['bo.vip.f.points_rates']}</legend>
        <div className="grid grid-cols-4 gap-2 md:grid-cols-7">
          {GAME_GROUPS.map((g) => (
            <label key={g} className="text-xs">
              {groupName(t, g)}
              <input
                className={cls.input}
                type="number"
                min={0}
                value={form.points_rates[g] ?? 0}
                onChange={(e) => setForm({ ...form, points_rates: { ...form.points_rates, [g]: Number(e.target.value) } })}
              />
            </label>
          ))}
        </div>
      </fieldset>
      {error ? <Banner kind="error">{errorText(error, t)}</Banner> : null}
      {preview && (
        <Banner kind="info" testId="bo-vip-preview">
          {fill(t['bo.vip.preview_result'], { rise: preview.would_rise, miss: preview.would_miss_keep, days: preview.period_days })}
        </Banner>
      )}
      <div className="flex gap-2">
        <button type="button" className={cls.btnGhost} disabled={busy} onClick={() => void run('preview')}>
          {t['bo.vip.preview']}
        </button>
        <button type="submit" className={cls.btn} disabled={busy}>
          {t['bo.vip.save']}
        </button>
      </div>
    </form>
  );
}

// ---- gifts ----

type GiftRow = GiftAdminView;
const EMPTY_GIFT: GiftRow = {
  id: 0,
  name: '',
  name_en: '',
  description: '',
  description_en: '',
  image_id: null,
  image: null,
  points: 100,
  stock: 10,
  show_start: null,
  show_end: null,
  per_player_limit: 0,
  kind: 'physical',
  bonus: '0.00',
  bonus_flow_multiple: 1,
  status: GIFT_STATUS.on,
  sort: 0,
};

function Gifts({ t, locale }: { t: T; locale: Locale }) {
  const { data: rows, error, reload } = useBoData('GET /vip/gifts');
  const [editing, setEditing] = useState<GiftRow | null>(null);
  if (!rows || error) return <ListState t={t} loading={!rows} error={error} retry={reload} />;
  return (
    <section className={cls.card}>
      <button type="button" className={cls.btn} onClick={() => setEditing({ ...EMPTY_GIFT })} data-testid="bo-gift-new">
        {t['bo.vip.gift.new']}
      </button>
      <BoTable
        t={t}
        rows={rows}
        rowKey={(g) => g.id}
        testId="bo-gifts"
        className="mt-3"
        columns={[
          {
            key: 'image',
            header: 'bo.vip.gift.image',
            cell: (g) => (g.image ? <img src={g.image} alt="" width={40} height={40} className="h-10 w-10 object-cover" /> : '—'),
          },
          { key: 'name', header: 'bo.vip.gift.name', cell: (g) => (locale === 'en' ? g.name_en : g.name) },
          { key: 'points', header: 'bo.vip.gift.points', cell: (g) => formatPoints(g.points) },
          { key: 'stock', header: 'bo.vip.gift.stock', cell: (g) => formatPoints(g.stock) },
          { key: 'kind', header: 'bo.vip.gift.kind', cell: (g) => t[`bo.vip.gift.kind.${g.kind}`] },
          { key: 'status', header: 'bo.vip.gift.status', cell: (g) => (g.status === GIFT_STATUS.on ? t['bo.vip.gift.on'] : t['bo.vip.gift.off']) },
          {
            key: 'actions',
            header: 'bo.actions',
            cell: (g) => (
              <button type="button" className={cls.btnSmall} onClick={() => setEditing(g)}>
                {t['bo.vip.edit']}
              </button>
            ),
          },
        ]}
      />
      {editing && (
        <GiftEditor
          key={editing.id}
          t={t}
          gift={editing}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
    </section>
  );
}

const toLocalInput = taipeiInputValue;
const fromLocalInput = fromTaipeiInputValue;

function GiftEditor({ t, gift, onSaved }: { t: T; gift: GiftRow; onSaved: () => void }) {
  const [form, setForm] = useState(gift);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > GIFT_IMAGE_MAX_BYTES) {
      setError(new BoFailure(413, undefined, t['bo.vip.image_too_large']));
      return;
    }
    setBusy(true);
    try {
      const data = await new Promise<string>((resolve, reject) => {
        const r = new FileReader();
        r.onload = () => resolve(String(r.result));
        r.onerror = () => reject(r.error ?? new Error('the file could not be read'));
        r.readAsDataURL(file);
      });
      const res = await boApi('POST /vip/gifts/image', { body: { data } });
      setForm((f) => ({ ...f, image_id: res.id, image: res.url }));
      setError(null);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      const body = {
        name: form.name,
        name_en: form.name_en,
        description: form.description,
        description_en: form.description_en,
        image_id: form.image_id,
        points: Number(form.points),
        stock: Number(form.stock),
        show_start: form.show_start,
        show_end: form.show_end,
        per_player_limit: Number(form.per_player_limit),
        kind: form.kind,
        bonus: form.bonus || '0',
        bonus_flow_multiple: Number(form.bonus_flow_multiple),
        status: form.status,
        sort: Number(form.sort),
      };
      if (form.id) await boApi('PUT /vip/gifts/:id', { params: { id: form.id }, body });
      else await boApi('POST /vip/gifts', { body });
      onSaved();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const text = (f: 'name' | 'name_en' | 'description' | 'description_en') => (
    <label>
      <span className={cls.label}>{t[`bo.vip.gift.${f}`]}</span>
      <input
        className={cls.input}
        name={f}
        value={form[f]}
        onChange={(e) => setForm({ ...form, [f]: e.target.value })}
        aria-invalid={error instanceof BoFailure && !!error.field(f)}
      />
    </label>
  );
  const num = (f: 'points' | 'stock' | 'per_player_limit' | 'bonus_flow_multiple' | 'sort', label: K) => (
    <label>
      <span className={cls.label}>{t[label]}</span>
      <input className={cls.input} type="number" min={0} name={f} value={form[f]} onChange={(e) => setForm({ ...form, [f]: Number(e.target.value) })} />
    </label>
  );
  return (
    <form
      className="mt-5 space-y-3 border-t border-slate-200 pt-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="bo-gift-form"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {text('name')}
        {text('name_en')}
        {text('description')}
        {text('description_en')}
        {num('points', 'bo.vip.gift.points')}
        {num('stock', 'bo.vip.gift.stock')}
        {num('per_player_limit', 'bo.vip.gift.limit')}
        {num('sort', 'bo.vip.gift.sort')}
        <label>
          <span className={cls.label}>{t['bo.vip.gift.show_start']}</span>
          <input
            className={cls.input}
            type="datetime-local"
            value={toLocalInput(form.show_start)}
            onChange={(e) => setForm({ ...form, show_start: fromLocalInput(e.target.value) })}
          />
        </label>
        <label>
          <span className={cls.label}>{t['bo.vip.gift.show_end']}</span>
          <input
            className={cls.input}
            type="datetime-local"
            value={toLocalInput(form.show_end)}
            onChange={(e) => setForm({ ...form, show_end: fromLocalInput(e.target.value) })}
          />
        </label>
        <label>
          <span className={cls.label}>{t['bo.vip.gift.kind']}</span>
          <select className={cls.input} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value === 'virtual' ? 'virtual' : 'physical' })}>
            <option value="physical">{t['bo.vip.gift.kind.physical']}</option>
            <option value="virtual">{t['bo.vip.gift.kind.virtual']}</option>
          </select>
        </label>
        <label>
          <span className={cls.label}>{t['bo.vip.gift.status']}</span>
          <select
            className={cls.input}
            value={form.status}
            onChange={(e) => setForm({ ...form, status: Number(e.target.value) === GIFT_STATUS.on ? GIFT_STATUS.on : GIFT_STATUS.off })}
          >
            <option value={GIFT_STATUS.on}>{t['bo.vip.gift.on']}</option>
            <option value={GIFT_STATUS.off}>{t['bo.vip.gift.off']}</option>
          </select>
        </label>
        {form.kind === 'virtual' && (
          <>
            <label>
              <span className={cls.label}>{t['bo.vip.gift.bonus']}</span>
              <input className={cls.input} inputMode="decimal" value={form.bonus} onChange={(e) => setForm({ ...form, bonus: e.target.value })} />
            </label>
            {num('bonus_flow_multiple', 'bo.vip.gift.flow')}
          </>
        )}
        <label>
          <span className={cls.label}>{t['bo.vip.gift.image']}</span>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => void upload(e.target.files?.[0])}
            data-testid="bo-gift-image"
          />
          {form.image && <img src={form.image} alt="" width={64} height={64} className="mt-1 h-16 w-16 object-cover" />}
        </label>
      </div>
      {error ? <Banner kind="error">{errorText(error, t)}</Banner> : null}
      <button type="submit" className={cls.btn} disabled={busy}>
        {t['bo.vip.save']}
      </button>
    </form>
  );
}

// ---- orders ----

type OrderRow = OrderQueueView['data'][number];

const ORDERS_PAGE_SIZE = 20;

function Orders({ t, locale }: { t: T; locale: Locale }) {
  const [status, setStatus] = useState<string>('not_shipped');
  const {
    page,
    data: result,
    loading,
    error,
    go,
    reload,
  } = useBoData('GET /vip/orders', { query: { status: status || undefined }, pageSize: ORDERS_PAGE_SIZE });
  const [input, setInput] = useState<Record<number, string>>({});
  const [actionError, setActionError] = useState<unknown>(null);
  /** The order whose field the server refused (no tracking number, no reason), marked on that row's input. */
  const [fieldError, setFieldError] = useState<{ id: number; text: string } | null>(null);
  const act = async (o: OrderRow, action: 'ship' | 'receive' | 'reject') => {
    try {
      await boApi('POST /vip/orders/:id', {
        params: { id: o.id },
        body: { action, tracking_no: action === 'ship' ? (input[o.id] ?? '') : '', reason: action === 'reject' ? (input[o.id] ?? '') : '' },
      });
      setActionError(null);
      setFieldError(null);
      void reload();
    } catch (err) {
      const fields = err instanceof BoFailure ? err.body?.error : undefined;
      const refused = fields?.tracking_no ?? fields?.reason;
      if (refused?.length) {
        setFieldError({ id: o.id, text: refused.join(' ') });
        setActionError(null);
      } else {
        setFieldError(null);
        setActionError(err);
      }
    }
  };
  return (
    <section className={cls.card}>
      <label className="flex items-center gap-2">
        <span className="text-sm">{t['bo.vip.order.status']}</span>
        <select className={cls.input} value={status} onChange={(e) => setStatus(e.target.value)} data-testid="bo-orders-status">
          <option value="">{t['bo.vip.order.all']}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t[`bo.vip.status.${s}`]}
            </option>
          ))}
        </select>
      </label>
      {actionError ? (
        <div className="mt-3">
          <Banner kind="error">{errorText(actionError, t)}</Banner>
        </div>
      ) : null}
      {/* The queue changes under the reviewer's hands, so each reload shows the spinner rather than stale rows. */}
      <BoTable
        t={t}
        rowKey={(o) => o.id}
        testId="bo-orders"
        className="mt-3"
        rowTestId="bo-order"
        list={{
          data: result,
          page,
          go,
          pageSize: ORDERS_PAGE_SIZE,
          state: { loading: !result || loading, error, empty: result?.data.length === 0, retry: reload },
        }}
        columns={[
          { key: 'time', header: 'bo.time', cell: (o) => formatTime(o.created_at, locale) },
          { key: 'player', header: 'bo.vip.order.player', cell: (o) => o.account },
          { key: 'gift', header: 'bo.vip.order.gift', cell: (o) => o.name },
          { key: 'points', header: 'bo.vip.order.points', cell: (o) => formatPoints(o.points) },
          { key: 'address', header: 'bo.vip.order.address', cell: (o) => (o.address ? `${o.consignee} ${o.phone} ${o.area} ${o.address}` : '—') },
          {
            key: 'status',
            header: 'bo.vip.order.status',
            cell: (o) => `${t[`bo.vip.status.${o.status}`]}${o.tracking_no ? ` · ${o.tracking_no}` : ''}${o.reason ? ` · ${o.reason}` : ''}`,
          },
          {
            key: 'actions',
            header: 'bo.actions',
            cell: (o) => (
              <>
                {o.status === 'not_shipped' && (
                  <div className="flex flex-wrap gap-1">
                    <span className="flex flex-col">
                      <input
                        className={`${cls.input} ${fieldError?.id === o.id ? 'border-red-600 ring-1 ring-red-600' : ''}`}
                        placeholder={`${t['bo.vip.order.tracking']} / ${t['bo.vip.order.reason']}`}
                        value={input[o.id] ?? ''}
                        aria-label={`${t['bo.vip.order.tracking']} / ${t['bo.vip.order.reason']}`}
                        aria-invalid={fieldError?.id === o.id}
                        aria-describedby={fieldError?.id === o.id ? `order-error-${o.id}` : undefined}
                        onChange={(e) => setInput({ ...input, [o.id]: e.target.value })}
                        data-testid="bo-order-input"
                      />
                      {fieldError?.id === o.id && (
                        <span id={`order-error-${o.id}`} role="alert" className={cls.fieldError} data-testid="bo-order-input-error">
                          {fieldError.text}
                        </span>
                      )}
                    </span>
                    <button type="button" className={cls.btnSmall} onClick={() => void act(o, 'ship')} data-testid="bo-order-ship">
                      {t['bo.vip.order.ship']}
                    </button>
                    <button type="button" className={cls.btnDanger} onClick={() => void act(o, 'reject')}>
                      {t['bo.vip.order.reject']}
                    </button>
                  </div>
                )}
                {o.status === 'shipped' && (
                  <button type="button" className={cls.btnSmall} onClick={() => void act(o, 'receive')}>
                    {t['bo.vip.order.receive']}
                  </button>
                )}
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
